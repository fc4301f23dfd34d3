package mvt.bench.cluster

import mvt.cluster.{Authorization, Consistency, Ledger, LoopbackCluster}

import scala.concurrent.duration.*
import scala.concurrent.{Await, ExecutionContext, Future}

/**
 * `mvt bench cluster`: the three consistency modes measured side by side on `nodes` loopback nodes in this JVM.
 * Authorization latency on the local replica (for `majority`, until the majority write completes), the time
 * a credit takes to reach every replica, and a partition that cuts the last node off for `partitionSeconds`
 * while both sides spend: the overspend, the time to converge after the heal and the debits lost.
 */
object ClusterBench {

  /** One mode's figures; every field says its unit. */
  final case class ModeFigures(
      mode: Consistency,
      authorizations: Int,
      authorizationP50Nanos: Long,
      authorizationP99Nanos: Long,
      sparseAuthorizations: Int,
      sparseP50Nanos: Long,
      sparseP99Nanos: Long,
      convergenceSamples: Int,
      convergenceP50Millis: Double,
      convergenceP99Millis: Double,
      partitionProvisionedCents: Long,
      partitionSpentMajoritySideCents: Long,
      partitionSpentCutOffNodeCents: Long,
      partitionOverspendCents: Long,
      partitionConvergenceAfterHealMillis: Double,
      partitionBalanceUpdatesLost: Long,
      partitionSpendAttempts: Long
  )

  /** How long each part runs. */
  final case class Plan(
      nodes: Int,
      authorizations: Int,
      majorityAuthorizations: Int,
      sparseAuthorizations: Int,
      convergenceSamples: Int,
      partitionSeconds: Int
  )

  def run(plan: Plan, progress: String => Unit): Vector[ModeFigures] = {
    val cluster = new LoopbackCluster(plan.nodes)
    try {
      await("nodes up", 60.seconds)(cluster.allUp)
      val ledgers = Consistency.values.toVector.map(m =>
        m -> cluster.systems.map(s => Ledger.start(s, m, Nil, writeTimeout = 1.second))
      ).toMap
      val auth = Consistency.values.toVector.map { m =>
        progress(s"authorization, ${m.label}")
        m -> authorization(
          ledgers(m),
          if (m == Consistency.Majority) plan.majorityAuthorizations else plan.authorizations
        )
      }.toMap
      val sparse = Consistency.values.toVector.map { m =>
        progress(s"authorization one at a time, ${m.label}")
        m -> sparseAuthorization(ledgers(m), plan.sparseAuthorizations)
      }.toMap
      val conv = Consistency.values.toVector.map { m =>
        progress(s"convergence, ${m.label}")
        m -> convergence(ledgers(m), plan.convergenceSamples)
      }.toMap
      progress("partition")
      val part = partition(cluster, ledgers, plan.partitionSeconds)
      Consistency.values.toVector.map { m =>
        val (a50, a99) = auth(m)
        val (s50, s99) = sparse(m)
        val (c50, c99) = conv(m)
        val p = part(m)
        ModeFigures(
          m,
          if (m == Consistency.Majority) plan.majorityAuthorizations else plan.authorizations,
          a50,
          a99,
          plan.sparseAuthorizations,
          s50,
          s99,
          plan.convergenceSamples,
          c50 / 1e6,
          c99 / 1e6,
          p.provisioned,
          p.majoritySide,
          p.cutOff,
          math.max(0L, p.majoritySide + p.cutOff - p.provisioned),
          p.convergeNanos / 1e6,
          p.lost,
          p.attempts
        )
      }
    } finally cluster.close()
  }

  private final case class PartitionResult(
      provisioned: Long,
      majoritySide: Long,
      cutOff: Long,
      convergeNanos: Long,
      lost: Long,
      attempts: Long
  )

  private def await(what: String, limit: FiniteDuration)(cond: => Boolean): Unit = {
    val deadline = limit.fromNow
    while (!cond) {
      if (deadline.isOverdue())
        throw new IllegalStateException(s"mvt bench cluster: $what not reached in $limit")
      Thread.sleep(5)
    }
  }

  private def percentile(sorted: Array[Long], p: Double): Long =
    if (sorted.isEmpty) 0L
    else sorted(math.min(sorted.length - 1, math.ceil(p / 100.0 * sorted.length).toInt - 1 max 0))

  private def settled(a: Authorization): Boolean = a match {
    case Authorization.Approved => true
    case Authorization.Refused(_) => false
    case Authorization.Pending(f) => Await.result(f, 30.seconds) == Authorization.Approved
  }

  private val WarmUpRound = 100_000
  private val WarmUpRounds = 6

  // Spends of 1 cent against a balance far above the run, on node 0 (which holds every right in the bounded mode).
  private def authorization(ls: Vector[Ledger[?]], n: Int): (Long, Long) = {
    val account = mvt.crdt.ClientId("bench-auth")
    ls(0).credit(account, Long.MaxValue / 4)
    // on two cores the optimising compiler takes the whole path only after a few hundred thousand calls, and a backlog
    // of writes competes for the cores: warm up in rounds, each followed by the replicator catching up
    val rounds = if (n > WarmUpRound) WarmUpRounds else 1
    var r = 0
    var i = 0
    while (r < rounds) {
      i = 0
      while (i < math.min(n, WarmUpRound)) { settled(ls(0).authorize(account, 1L)); i += 1 }
      if (!ls(0).flush(60.seconds))
        throw new IllegalStateException(
          "mvt bench cluster: the replicator did not take the warm-up's writes in 60 s"
        )
      r += 1
    }
    timedSpends(ls(0), account, n, pauseNanos = 0L)
  }

  // Spends of 1 cent on node 0, one a millisecond, as a trader's checks come: each finds the caches and the ledger's
  // machinery cold, unlike a loop of them.
  private def sparseAuthorization(ls: Vector[Ledger[?]], n: Int): (Long, Long) = {
    val account = mvt.crdt.ClientId("bench-sparse")
    ls(0).credit(account, Long.MaxValue / 4)
    await("the sparse leg's provision on node 0", 30.seconds)(ls(0).balance(account) > 0L)
    timedSpends(ls(0), account, n, pauseNanos = 1_000_000L)
  }

  // `n` spends of 1 cent on `l`, each after a pause of `pauseNanos` (0: none), timed: their p50 and p99
  private def timedSpends(
      l: Ledger[?],
      account: mvt.crdt.ClientId,
      n: Int,
      pauseNanos: Long
  ): (Long, Long) = {
    val times = new Array[Long](n)
    var i = 0
    while (i < n) {
      if (pauseNanos > 0L) java.util.concurrent.locks.LockSupport.parkNanos(pauseNanos)
      val t0 = System.nanoTime()
      val ok = settled(l.authorize(account, 1L))
      times(i) = System.nanoTime() - t0
      if (!ok)
        throw new IllegalStateException("mvt bench cluster: an authorization against an ample balance failed")
      i += 1
    }
    java.util.Arrays.sort(times)
    (percentile(times, 50), percentile(times, 99))
  }

  // A credit on node 0, timed until every replica shows it.
  private def convergence(ls: Vector[Ledger[?]], samples: Int): (Long, Long) = {
    val account = mvt.crdt.ClientId("bench-converge")
    val times = new Array[Long](samples)
    var expected = 0L
    var i = 0
    while (i < samples) {
      expected += 1
      val t0 = System.nanoTime()
      ls(0).credit(account, 1L)
      val target = expected
      await("a credit on every replica", 30.seconds)(ls.forall(_.balance(account) == target))
      times(i) = System.nanoTime() - t0
      i += 1
    }
    java.util.Arrays.sort(times)
    (percentile(times, 50), percentile(times, 99))
  }

  private def partition(
      cluster: LoopbackCluster,
      ledgers: Map[Consistency, Vector[Ledger[?]]],
      seconds: Int
  ): Map[Consistency, PartitionResult] = {
    // one thread per spender: they sleep between refusals, and a pool sized to the cores would run them in turn
    val pool = java.util.concurrent.Executors.newFixedThreadPool(2 * Consistency.values.length)
    given ExecutionContext = ExecutionContext.fromExecutor(pool)
    try partitionOn(cluster, ledgers, seconds)
    finally pool.shutdown()
  }

  private def partitionOn(
      cluster: LoopbackCluster,
      ledgers: Map[Consistency, Vector[Ledger[?]]],
      seconds: Int
  )(using ExecutionContext): Map[Consistency, PartitionResult] = {
    val account = mvt.crdt.ClientId("bench-partition")
    val provisioned = 100_000L
    val cut = cluster.systems.size - 1
    Consistency.values.foreach { m =>
      ledgers(m)(0).credit(account, provisioned)
      await("provisioned everywhere", 30.seconds)(ledgers(m).forall(_.balance(account) == provisioned))
    }
    val b = ledgers(Consistency.Bounded)
    // every node takes its share of the rights before the cut, as a node does ahead of its trading
    b.indices.drop(1).foreach { i =>
      b(i).requestRights(account, provisioned / b.size)
      await("a node's share of the rights", 30.seconds) {
        b(i).state(account).asInstanceOf[mvt.crdt.BoundedCounter].rightsOf(b(i).self) > 0L
      }
    }
    await("rights spread", 30.seconds)(b.forall(_.state(account) == b(0).state(account)))
    cluster.isolate(cut)
    val deadline = seconds.seconds.fromNow
    val attempts = Consistency.values.map(m => m -> new java.util.concurrent.atomic.LongAdder).toMap
    def spend(m: Consistency, l: Ledger[?]): Long = {
      var spent = 0L
      while (deadline.hasTimeLeft()) {
        attempts(m).increment()
        if (settled(l.authorize(account, 100L))) spent += 100L else Thread.sleep(20)
      }
      spent
    }
    val runs = Consistency.values.toVector.map { m =>
      val l = ledgers(m)
      m -> Future(spend(m, l(0))).zip(Future(spend(m, l(cut))))
    }
    val spent = runs.map((m, f) => m -> Await.result(f, (seconds + 60).seconds)).toMap
    val healedAt = System.nanoTime()
    cluster.reconnect(cut)
    val converged = scala.collection.mutable.Map.empty[Consistency, Long]
    await("convergence after the heal", 120.seconds) {
      Consistency.values.foreach { m =>
        if (!converged.contains(m)) {
          val ls = ledgers(m)
          val (a, c) = spent(m)
          if (ls.forall(_.balance(account) == provisioned - a - c))
            converged(m) = System.nanoTime() - healedAt
        }
      }
      converged.size == Consistency.values.length
    }
    Consistency.values.toVector.map { m =>
      val (a, c) = spent(m)
      m -> PartitionResult(
        provisioned,
        a,
        c,
        converged(m),
        provisioned - a - c - ledgers(m)(0).balance(account),
        attempts(m).sum
      )
    }.toMap
  }
}
