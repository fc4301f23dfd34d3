package mvt.cluster

import mvt.crdt.{ClientId, ReplicaId, Updated}
import org.apache.pekko.actor.typed.{ActorRef, ActorSystem}
import org.apache.pekko.cluster.typed.Cluster

import java.util.concurrent.{ConcurrentHashMap, ConcurrentLinkedQueue}
import java.util.concurrent.atomic.{AtomicLong, AtomicReference, LongAdder}
import scala.concurrent.Promise
import scala.concurrent.duration.FiniteDuration

/**
 * One node's replica of every account's balance, and the only place that authorizes a spend.
 *
 * Each account's state sits in an `AtomicReference`; [[authorize]] checks and debits it with one
 * compare-and-set against that local replica, so it never waits on the network (except that in the `majority`
 * mode the order waits for the write). The debit's delta then goes to the replicator off the caller's thread (in
 * `local` and `bounded` queued, and shipped within `Ledger.ShipEvery`), and states from peers are joined in as they
 * arrive. Every method is safe from any thread.
 */
final class Ledger[S] private (
    val self: ReplicaId,
    val mode: Consistency,
    lattice: Lattice[S],
    spending: Spending[S],
    val history: mvt.cluster.history.HistoryWriter
) {

  private val views = new ConcurrentHashMap[ClientId, AtomicReference[S]]()
  @volatile private var actor: ActorRef[LedgerActor.Command] = null

  // accounts whose rights this replica must not give yet: a restarted replica (same id) first reads back from every
  // replica what it gave away before, or it could give the same rights twice
  private val unread = ConcurrentHashMap.newKeySet[ClientId]()

  private val approvedCount = new LongAdder
  private val refusedCount = new LongAdder
  private val undoneCount = new LongAdder

  // writes sent to the replicator, and those it answered (on a durable ledger, once LMDB committed them) or could not
  // store: a clean stop waits until the two counts meet
  private val sentCount = new AtomicLong
  private val answeredCount = new AtomicLong
  private val storeFailedCount = new AtomicLong

  // approved `local` and `bounded` debits waiting for the ledger actor, which takes them every `ShipEvery` and when
  // every `ShipAt`-th write is sent: a check wakes no thread (a wake-up of the actor cost some 10 µs a check)
  private val queued = new ConcurrentLinkedQueue[(ClientId, S)]()

  /** The balance of `account` on this replica. */
  def balance(account: ClientId): Long = spending.value(view(account).get)

  /** This replica's state of `account`, for inspection and reports. */
  def state(account: ClientId): S = view(account).get

  /**
   * Per writer (a replica id), the sum of its own grow-only entries over every account this replica holds
   * ([[Spending.written]]): replicas hold the same writes when these agree. Allocates; off the hot path.
   */
  def written: Map[ReplicaId, Long] = {
    val into = scala.collection.mutable.HashMap.empty[ReplicaId, Long]
    views.values.forEach(r => spending.written(r.get, into))
    into.toMap
  }

  /** Spends approved at once, spends refused at once, and `majority` debits undone because no majority had them. */
  def approved: Long = approvedCount.sum
  def refused: Long = refusedCount.sum
  def undone: Long = undoneCount.sum

  /** Writes the replicator answered (on a durable ledger: on disk), and those whose store failed. */
  def stored: Long = answeredCount.get - storeFailedCount.get
  def storeFailures: Long = storeFailedCount.get

  /**
   * Waits until every write this ledger sent before the call has been answered by the replicator, which on a durable
   * ledger means committed to its store on disk, or until `within` has passed: whether it got there. Never call it
   * from an actor.
   */
  def flush(within: FiniteDuration): Boolean = {
    val deadline = within.fromNow
    // answered is read first: answered = sent means that at that instant no write was in flight, so every write
    // sent before the call was answered
    def drained = { val a = answeredCount.get; a == sentCount.get }
    while (!drained && deadline.hasTimeLeft()) Thread.sleep(5)
    drained
  }

  /**
   * Checks and debits `amount` on the local replica. In the `local` and `bounded` modes the answer is final; in
   * the `majority` mode it is [[Authorization.Pending]] until a majority holds the debit and a majority read shows
   * the balance still covers it (with every debit a majority held before), and a debit that fails either is
   * credited back. A refusal names its cause ([[Refusal]]: the client's balance, or the cluster's replication). A
   * `bounded` refusal asks the peers for rights, for the next attempt.
   */
  def authorize(account: ClientId, amount: Long): Authorization = {
    // the hot path: one compare-and-set per attempt, no Option, tuple or closure; a lost race checks the newer state
    val ref = view(account)
    var cur = ref.get
    var up: Updated[S] = null // the spend that won its compare-and-set; null while none did
    while ((up eq null) && spending.canSpend(cur, self, amount)) {
      val u = spending.spend(cur, self, amount)
      if (ref.compareAndSet(cur, u.state)) up = u else cur = ref.get
    }
    if (up eq null) {
      refusedCount.increment()
      val refused = refusal(cur, amount)
      if (mode == Consistency.Bounded) actor ! LedgerActor.NeedRights(account, amount)
      refused
    } else if (mode == Consistency.Majority) {
      val p = Promise[Authorization]()
      publish(account, up.delta.state, amount, majority = true, p)
      Authorization.Pending(p.future)
    } else {
      approvedCount.increment()
      queue(account, up.delta.state)
      Authorization.Approved
    }
  }

  // a debit's delta for the actor's next shipment; counted as sent before it is queued, so that answered never runs
  // ahead of sent and `flush` waits for it
  private def queue(account: ClientId, delta: S): Unit = {
    val sent = sentCount.incrementAndGet()
    val _ = queued.offer((account, delta))
    if ((sent & (Ledger.ShipAt - 1)) == 0L && (actor ne null)) actor ! LedgerActor.Ship
  }

  /**
   * Takes every queued debit, joined per account: `f(account, delta, writes)` for each account, `writes` the debits
   * its delta joins. For the ledger actor.
   */
  private[cluster] def takeQueued(f: (ClientId, S, Int) => Unit): Unit = {
    val joined = new java.util.HashMap[ClientId, (S, Int)]()
    var p = queued.poll()
    while (p ne null) {
      val (account, d) = p
      val have = joined.get(account)
      val _ =
        joined.put(account, if (have eq null) (d, 1) else (lattice.join.combine(have._1, d), have._2 + 1))
      p = queued.poll()
    }
    joined.forEach((account, dw) => f(account, dw._1, dw._2))
  }

  /**
   * Runs [[authorize]] `rounds` times on an account of its own, then forgets it and every count and write it made, so
   * that a node's first real checks run compiled code: cold, a check takes tens of microseconds. Its states have one
   * to six writers, as a day's accounts do (each node incarnation writes its own entries), so that the compiled code
   * expects each size of map. Runs before the ledger actor exists; `majority` checks wait on the network and are not
   * warmed.
   */
  private def warmUp(rounds: Int): Unit = if (mode != Consistency.Majority) {
    require(actor eq null, "a ledger warms up before its actor starts")
    val account = ClientId("mvt-warm-up")
    val ref = view(account)
    var writers = 1
    while (writers <= 6) {
      var s = spending.credit(lattice.join.empty, self, rounds.toLong).state
      var w = 1
      while (w < writers) { s = spending.credit(s, ReplicaId(s"warm-up-$w"), 1L).state; w += 1 }
      ref.set(s)
      var i = 0
      while (i < rounds / 6) { authorize(account, 1L); i += 1 }
      writers += 1
    }
    val _ = views.remove(account)
    queued.clear()
    approvedCount.reset()
    refusedCount.reset()
    sentCount.set(0L)
  }

  // why `s` does not let this replica spend `amount`: the cluster's doing (the provision or, in `bounded`, the rights
  // have not reached this replica) or the client's (its balance does not cover it)
  private def refusal(s: S, amount: Long): Authorization.Refused =
    if (spending.provided(s) == 0L) Authorization.Refused.NotReplicated
    else if (mode == Consistency.Bounded && amount > 0L && spending.value(s) >= amount)
      Authorization.Refused.NoRights
    else Authorization.Refused.Insufficient

  /** Provides `account` with `amount` at the start of the day: a credit, recorded in the history as a provision. */
  def provision(account: ClientId, amount: Long): Unit = {
    history.provision(account, amount)
    credit(account, amount)
  }

  /** Credits `amount` to `account` as this replica (a provision, a cancel's refund, a sale's proceeds). */
  def credit(account: ClientId, amount: Long): Unit = {
    val up = update(account, s => spending.credit(s, self, amount))
    publish(account, up.delta.state, amount, majority = false, null)
  }

  /**
   * Raises this replica's own credits of `account` to `total`, never lowering them: for a replica whose id outlives
   * its process (the exchange's, for its day), `total` is what its durable records say it credited (provisions,
   * refunds, proceeds). A grow-only entry merges by maximum, so the credits its earlier run made and replicated and
   * the ones it made and lost, or never made, all end as exactly `total`, none counted twice. What was raised.
   */
  def restoreCredits(account: ClientId, total: Long): Long =
    transition(account) { cur =>
      val have = spending.creditedBy(cur, self)
      Option.when(total > have) {
        val u = spending.credit(cur, self, total - have)
        (u.state, (total - have, u.delta.state))
      }
    }.fold(0L) { (raised, delta) =>
      publish(account, delta, raised, majority = false, null)
      raised
    }

  /**
   * Whether this replica may give rights on `account` (`bounded`): always, except that a replica started under an id
   * an earlier run used waits until it has read the account back from every replica, so it knows the rights it
   * gave away before.
   */
  def rightsReady(account: ClientId): Boolean = !unread.contains(account)

  /**
   * Takes over `dead`'s entries of `account` (see [[Spending.adopt]]): its debits raised to `debitedAtLeast` and its
   * rights moved to this replica; the amount of debits that had not reached this replica. A no-op outside `bounded`.
   */
  def adopt(account: ClientId, dead: ReplicaId, debitedAtLeast: Long): Long =
    transition(account) { cur =>
      spending.adopt(cur, self, dead, debitedAtLeast).map((next, delta) =>
        (next, (spending.value(cur) - spending.value(next), delta))
      )
    }.fold(0L) { (missed, delta) =>
      publish(account, delta, 0L, majority = false, null)
      missed
    }

  /** In the `bounded` mode, asks the peers for `amount` rights on `account` ahead of need; a no-op otherwise. */
  def requestRights(account: ClientId, amount: Long): Unit =
    if (mode == Consistency.Bounded) actor ! LedgerActor.NeedRights(account, amount)

  /** Every account this replica holds, for a ledger actor (re)starting to follow them all. */
  private[cluster] def accounts: Vector[ClientId] = {
    val out = Vector.newBuilder[ClientId]
    views.keySet.forEach(a => out += a)
    out.result()
  }

  /** The ledger actor, for tests. */
  private[cluster] def actorRef: ActorRef[LedgerActor.Command] = actor

  /** Starts following `account`'s replicated state; idempotent. */
  def watch(account: ClientId): Unit = actor ! LedgerActor.Watch(account)

  private val keyPrefix = s"balance-${mode.label}-"

  private[cluster] def key(account: ClientId): ReplicatedKey[S] = ReplicatedKey(keyPrefix + account.value)

  /** The account a key of this ledger names. */
  private[cluster] def account(keyId: String): ClientId = ClientId(keyId.stripPrefix(keyPrefix))

  private[cluster] def lattice0: Lattice[S] = lattice

  /** Ships `delta` of `account` through the ledger actor, counted until the replicator answers it. */
  private[cluster] def publish(
      account: ClientId,
      delta: S,
      amount: Long,
      majority: Boolean,
      done: Promise[Authorization]
  ): Unit = {
    sentCount.incrementAndGet()
    // no actor yet: the warm-up's writes, which nobody may see
    if (actor ne null) actor ! LedgerActor.Publish(account, delta, amount, majority, done)
  }

  /** The replicator answered one write joining `writes` of the ledger's; `storeFailed`: its store could not commit it. */
  private[cluster] def answered(storeFailed: Boolean, writes: Int = 1): Unit = {
    if (storeFailed) storeFailedCount.addAndGet(writes.toLong)
    val _ = answeredCount.addAndGet(writes.toLong)
  }

  private[cluster] def received(account: ClientId, s: S): Unit = {
    val _ = transition(account)(cur => Some((lattice.join.combine(cur, s), ())))
  }

  /** Every replica's state of `account` was read and joined in (`None`: no replica had it): rights may go again. */
  private[cluster] def readBack(account: ClientId, s: Option[S]): Unit = {
    s.foreach(received(account, _))
    val _ = unread.remove(account)
  }

  /** The majority write finished: counts it, and on failure credits the debit back (a local write). */
  private[cluster] def settled(account: ClientId, amount: Long, ok: Boolean): Unit =
    if (ok) approvedCount.increment()
    else {
      undoneCount.increment()
      credit(account, amount)
    }

  /** A peer asked for rights: gives part of this replica's, if it holds any, and returns the delta to ship. */
  private[cluster] def give(account: ClientId, to: ReplicaId, asked: Long): Option[S] =
    if (to == self || unread.contains(account)) None
    else
      transition(account) { cur =>
        val n = spending.donation(cur, self, asked)
        Option.when(n > 0L) {
          val u = spending.transfer(cur, self, to, n)
          (u.state, u.delta.state)
        }
      }

  private def update(account: ClientId, f: S => Updated[S]): Updated[S] =
    transition(account) { cur =>
      val u = f(cur)
      Some((u.state, u))
    }.get

  /**
   * The one compare-and-set loop: `step` sees the account's current state and gives the next with a result, or
   * `None` to leave it unchanged; a step that lost the race to another thread runs again on the newer state.
   */
  private def transition[A](account: ClientId)(step: S => Option[(S, A)]): Option[A] = {
    val ref = view(account)
    var result: Option[A] = None
    var trying = true
    while (trying) {
      val cur = ref.get
      step(cur) match {
        case None => trying = false
        case Some((next, a)) =>
          if (ref.compareAndSet(cur, next)) {
            result = Some(a)
            trying = false
          }
      }
    }
    result
  }

  private def view(account: ClientId): AtomicReference[S] = {
    val r = views.get(account)
    if (r ne null) r
    else {
      val fresh = new AtomicReference[S](lattice.join.empty)
      val prev = views.putIfAbsent(account, fresh)
      if (prev eq null) {
        if (actor ne null) actor ! LedgerActor.Watch(account)
        fresh
      } else prev
    }
  }
}

object Ledger {

  /** The ledger actor ships the queued debits at least this often. */
  val ShipEvery: FiniteDuration = scala.concurrent.duration.FiniteDuration(10, "ms")

  /** ... and sooner when a queued debit is the ledger's write number k * ShipAt (a power of two). */
  inline val ShipAt = 1024

  // checks enough for the optimising compiler to take the path (some tens of milliseconds, once per node)
  private val WarmUpRounds = 30_000

  /**
   * A node's replica id: its address and its incarnation, so a restarted trader never reuses old counts. The exchange
   * takes one for its day instead ([[ExchangeDay.replicaOf]]) and restores its entries from its journal.
   */
  def replicaId(system: ActorSystem[?]): ReplicaId = replicaIdOf(Cluster(system).selfMember.uniqueAddress)

  /** The replica id of the node incarnation `u`. */
  def replicaIdOf(u: org.apache.pekko.cluster.UniqueAddress): ReplicaId =
    ReplicaId(s"${u.address.hostPort}#${u.longUid}")

  /**
   * Starts the node's ledger in `mode` (its replicator actor included) and watches `accounts`. A `majority` write
   * that no majority acknowledges within `writeTimeout` is undone. What the node does to money is recorded in
   * `history` (by the ledger and by the node's trader or exchange, through [[Ledger.history]]). With `replica`, the
   * ledger writes as that id, which may outlive this process (the exchange's for its day): in `bounded` it then gives
   * no rights on an account before it has read the account back from every replica.
   */
  def start(
      system: ActorSystem[?],
      mode: Consistency,
      accounts: Seq[ClientId],
      writeTimeout: FiniteDuration,
      history: mvt.cluster.history.HistoryWriter = mvt.cluster.history.HistoryWriter.none,
      replica: Option[ReplicaId] = None
  ): Ledger[?] =
    mode match {
      case Consistency.Bounded =>
        make(
          system,
          mode,
          Lattice.boundedCounter,
          Spending.boundedCounter,
          accounts,
          writeTimeout,
          history,
          replica
        )
      case _ =>
        make(system, mode, Lattice.pnCounter, Spending.pnCounter, accounts, writeTimeout, history, replica)
    }

  /** The history of this node incarnation, appended to `path`: named by its address, numbered by its incarnation. */
  def historyOf(system: ActorSystem[?], path: java.nio.file.Path): mvt.cluster.history.HistoryWriter = {
    val u = Cluster(system).selfMember.uniqueAddress
    mvt.cluster.history.HistoryWriter.open(path, NodeId(u.address.hostPort), u.longUid)
  }

  private def make[S](
      system: ActorSystem[?],
      mode: Consistency,
      lattice: Lattice[S],
      spending: Spending[S],
      accounts: Seq[ClientId],
      writeTimeout: FiniteDuration,
      history: mvt.cluster.history.HistoryWriter,
      replica: Option[ReplicaId]
  ): Ledger[S] = {
    val ledger = new Ledger(replica.getOrElse(replicaId(system)), mode, lattice, spending, history)
    // held before the actor runs, so no peer's ask for rights is answered from a state that has not read back
    val readBack = replica.isDefined && mode == Consistency.Bounded
    if (readBack) accounts.foreach(ledger.unread.add)
    ledger.warmUp(WarmUpRounds)
    // restarted on a failure, not stopped: a stopped actor would leave the queued debits growing unshipped and every
    // majority write unsettled; its setup watches every known account again
    ledger.actor = system.systemActorOf(
      org.apache.pekko.actor.typed.scaladsl.Behaviors.supervise(LedgerActor(ledger, writeTimeout))
        .onFailure[Exception](org.apache.pekko.actor.typed.SupervisorStrategy.restart),
      s"ledger-${mode.label}"
    )
    // a view created now tells the actor to follow its account
    accounts.foreach(ledger.view)
    if (readBack) accounts.foreach(a => ledger.actor ! LedgerActor.ReadBack(a))
    ledger
  }
}
