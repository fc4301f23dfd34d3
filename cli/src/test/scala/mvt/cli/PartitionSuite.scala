package mvt.cli

import mvt.cluster.fork.ForkedCluster
import mvt.cluster.history.{HistoryChecker, HistoryFile, OpKind, Operation}
import mvt.cluster.nemesis.{Fault, Nemesis, Schedule}
import mvt.cluster.{Consistency, NodeEvent, NodeId, ReplaySpeed}
import mvt.core.files.FileTree

import java.nio.file.Files as JFiles
import scala.jdk.CollectionConverters.*

/**
 * A partition between traders with orders flowing, on forked JVMs: three traders and an exchange, one account with
 * twelve subscriptions spread over the traders, a balance of about one order's cost, and one schedule that cuts a
 * trader from the other traders through the nodes' control channels before the day's first quote. The cut lasts
 * until the histories show what it can show (up to a deadline well inside the day): in `local`, until both sides
 * have spent during it and the checker finds an overspend; in `bounded` and `majority`, until both sides have tried
 * to spend during it (a debit or a refusal) more than the account was provided, between them. The same schedule in
 * each mode: `local` overspends under the cut, `bounded` and `majority` do not, and no debit is lost in any. Each
 * run also shows the cut took effect: probes from the cut-off trader found the other traders silent during the cut
 * and answering after the heal, and the exchange answering throughout.
 */
class PartitionSuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(6, "min")

  private val dir = JFiles.createTempDirectory("mvt-partition-test")

  override def afterAll(): Unit =
    FileTree.delete(dir)

  // A generated day after a quiet lead-in: one command (a cancel of an order that never was, which changes no book)
  // 45 minutes of the day's clock before the rest, 1.8 s at the day's speed, so the cut is in place before the first
  // quote and every spend of the day happens under it
  private lazy val day = {
    val generated =
      ClusterDay.write(dir.resolve("generated.csv"), java.time.LocalDate.of(2026, 3, 9), 30_000, 11L)
    val leadIn = "time,2026-03-09T12:45:00Z\ncancel,ACME,999999999\n"
    JFiles.writeString(dir.resolve("day.csv"), leadIn + JFiles.readString(generated))
  }

  // a day of 17.4 s at speed 1500; one account's provision, about one order's cost: the buys the first quotes ask
  // for cost 1.6M to 4.6M cents, so each side of the cut can afford what it sees, and the two sides together cannot
  private val speed = ReplaySpeed(1500.0)
  private val provided = 4_000_000L

  // one cut of trader-3 from the other two at the day's start, healed when the histories show what the cut can show
  // or at the latest 11 s later, 6 s before the day ends; the exchange still hears everyone
  private val deadlineMillis = 11_000
  private val schedule =
    Schedule(5L, Vector(Schedule.At(300L, Fault.Partition(2, exchange = false, deadlineMillis))))

  // spending during `cut` by the node at `address` (a debit or a refusal: what it tried to reserve), in cents; a
  // history names its node `system@host:port`
  private def tried(ops: Vector[Operation], cut: Nemesis.Cut, address: String): Long =
    ops
      .filter(o =>
        (o.node.value == address || o.node.value.endsWith("@" + address)) &&
          o.atNanos >= cut.atMillis * 1_000_000L &&
          (o.kind == OpKind.Debit || o.kind == OpKind.Refuse)
      )
      .map(_.cents)
      .sum

  // whether the histories in `histories` show what the cut can show in `mode` (see the suite's doc): both sides
  // spent or tried to spend during it, and in `local` the checker finds an overspend, in the others the two sides
  // tried to spend more than there was
  private def shown(mode: Consistency, histories: java.nio.file.Path)(cut: Nemesis.Cut): Boolean = {
    val files =
      if (!JFiles.isDirectory(histories)) Vector.empty
      else {
        val listed = JFiles.list(histories)
        try listed.iterator.asScala.filter(_.getFileName.toString.endsWith(".history.jsonl")).toVector
        finally listed.close()
      }
    val ops = HistoryFile.readAll(files).getOrElse(Vector.empty)
    val side = tried(ops, cut, cut.side)
    val others = cut.from.map(tried(ops, cut, _)).sum
    side > 0L && others > 0L && (
      if (mode == Consistency.Local) HistoryChecker.check(ops).maxOverspendCents > 0L
      else side + others > provided
    )
  }

  // one run's histories, apart from every other run's
  private def historiesOf(mode: Consistency, n: Int) = dir.resolve(s"${mode.label}-$n")

  private def run(mode: Consistency, n: Int): ForkedCluster.Outcome =
    ClusterDay.run(
      ForkedCluster.Plan(
        day,
        3,
        mode,
        // one account with twelve subscriptions spread over the traders (a trader owns none in under 1% of runs):
        // every buy on any trader spends the same money
        1,
        provided,
        speed,
        None,
        false,
        // the split-brain resolver must wait out the cut, or it removes the nodes the cut left indirectly connected
        deadlineMillis + 5000,
        historyDir = Some(historiesOf(mode, n)),
        // a generous budget: on a busy machine the traders' decisions would expire before they become orders
        nodeArgs = Vector("--budget", "2s"),
        schedule = Some(schedule),
        strategies = 12,
        healEarly = shown(mode, historiesOf(mode, n))
      ),
      s"partition test (${mode.label})"
    )

  // What a run showed of the partition's shape, when it did not show what the mode needs: a reason to run the day again.
  private final case class Unshown(why: String)

  // Runs `mode` under the schedule up to `Attempts` times: every run must keep every promise (no debit lost, nothing
  // twice, the cut applied and healed), but whether both sides of the cut try to buy during it is up to the strategies
  // and the market, so a run in which they did not is run again, and only the last one's shortfall fails the test.
  // The largest overspend the checker found.
  private def overspendUnder(mode: Consistency): Long = {
    def attempt(n: Int): Long =
      overspendOnce(mode, n) match {
        case Right(overspend) => overspend
        case Left(Unshown(why)) if n < Attempts =>
          println(s"partition test (${mode.label}): run $n of $Attempts showed too little, run again: $why")
          attempt(n + 1)
        case Left(Unshown(why)) => fail(why)
      }
    attempt(1)
  }

  private val Attempts = 4

  // one run of `mode` under the schedule: fails on any broken promise; the largest overspend, or why the run did not
  // show what the partition can show in this mode
  private def overspendOnce(mode: Consistency, n: Int): Either[Unshown, Long] = {
    val o = run(mode, n)
    val context = s"${mode.label}, ${schedule.render}; injected: ${o.faults.mkString(", ")}"
    assertEquals(
      o.exchangeStatus,
      0,
      context + "\n" + (o.exchange +: o.traders).map(n => s"${n.name}: ${n.errors.mkString("\n")}").mkString(
        "\n"
      )
    )
    cutTookEffect(o, context)
    val ops = o.history.fold(e => fail(s"$context: $e"), identity)
    val v = HistoryChecker.check(ops)
    assert(v.gaps.isEmpty, s"$context: ${v.gaps}")
    assertEquals(v.appliedTwice, 0, s"$context: $v")
    assertEquals(v.accounts.flatMap(_.debitedTwice), Vector.empty, s"$context: $v")
    assertEquals(v.accounts.flatMap(_.lostOrders), Vector.empty, s"$context: $v")
    assertEquals(v.lostCents, 0L, s"$context: $v")
    assert(v.accounts.forall(_.balanceMismatches.isEmpty), s"$context: $v")
    assert(o.exchange.events.accounts.forall(_.missing == 0L), s"$context: ${o.exchange.events.accounts}")
    // several traders tried to spend the account's money (a debit, or a refusal for want of balance or rights): the
    // partition had something to split; in `local`, whose overspend needs it, both sides of the cut did during it
    val spending = Set(OpKind.Debit, OpKind.Refuse)
    val spenders =
      ops.filter(op => spending(op.kind)).groupBy(_.account).map((_, ds) => ds.map(_.node).distinct.size)
    if (!spenders.exists(_ > 1)) Left(Unshown(s"$context: no account was spent from by two traders"))
    else if (mode != Consistency.Local) Right(v.maxOverspendCents)
    else {
      val side = o.traders(cutOff)
      val cutAt = side.events.controls.find(_.command.startsWith("cut")).fold(0L)(_.atMillis)
      val healedAt = side.events.controls.find(_.command == "heal").fold(0L)(_.atMillis)
      val during = ops.filter(_.atNanos <= healedAt * 1_000_000L)
      val cut = Nemesis.Cut(address(side, context).value, Vector.empty, cutAt)
      val others = o.traders.filter(_ != side).map(t => tried(during, cut, address(t, context).value)).sum
      val sideTried = tried(during, cut, cut.side)
      val before = ops.filter(op => spending(op.kind) && op.atNanos < cutAt * 1_000_000L)
      // what was spent before the heal is all under the cut, so the overspend of that part of the day is the cut's
      val underCut = HistoryChecker.check(during).maxOverspendCents
      if (before.nonEmpty)
        Left(Unshown(
          s"$context: ${before.size} spends before the cut was in place, the first " +
            s"${(cutAt * 1_000_000L - before.map(_.atNanos).min) / 1_000_000L} ms before it"
        ))
      else if (sideTried == 0L || others == 0L)
        Left(Unshown(
          s"$context: the two sides of the cut did not both spend during it (${side.name}: $sideTried cents, " +
            s"the others: $others cents); ${side.name}: ${described(side)}"
        ))
      else if (underCut == 0L) Left(Unshown(s"$context: local did not overspend under the cut"))
      else Right(underCut)
    }
  }

  // what a trader did, for a run that showed too little: what it owned, whom it barred, its last counts
  private def described(n: ForkedCluster.Captured): String = {
    val e = n.events.events
    s"owns ${e.collect { case o: NodeEvent.Owns => o }.lastOption}, barred ${e.collect { case b: NodeEvent.Barred =>
        b
      }}, last status ${n.events.status}"
  }

  // the trader the schedule cuts off
  private val cutOff = schedule.faults.collectFirst { case Schedule.At(_, Fault.Partition(t, _, _)) => t }.get

  private def address(n: ForkedCluster.Captured, context: String): NodeId =
    n.events.node.getOrElse(fail(
      s"$context: ${n.name} not up"
    ))

  // every node acknowledged the cut and its heal, and the messages met the cut: during it, the cut-off trader's
  // probes to each other trader went unanswered while its probe to the exchange, whose link stays whole, was
  // answered; after the heal each other trader answered again. A cut not applied fails here, whatever the failure
  // detector (which a busy machine also trips) made of it
  private def cutTookEffect(o: ForkedCluster.Outcome, context: String): Unit = {
    val t = cutOff
    assert(o.faults.exists(_.startsWith(s"cut trader-${t + 1}")), context)
    assert(!o.faults.exists(_.contains("did not acknowledge")), context)
    val side = o.traders(t)
    val others = o.traders.indices.filter(_ != t).map(o.traders)
    def address(n: ForkedCluster.Captured): NodeId = PartitionSuite.this.address(n, context)
    assertEquals(
      side.events.controls.map(c => (c.command.takeWhile(_ != ' '), c.applied)),
      Vector("cut" -> true, "probe" -> true, "heal" -> true, "probe" -> true),
      context
    )
    val cutAt = side.events.controls.find(_.command.startsWith("cut")).fold(Long.MaxValue)(_.atMillis)
    val healedAt = side.events.controls.find(_.command == "heal").fold(Long.MaxValue)(_.atMillis)
    val during = side.events.probes.filter(p => p.atMillis >= cutAt && p.atMillis <= healedAt)
    val after = side.events.probes.filter(_.atMillis >= healedAt)
    others.foreach { p =>
      assert(
        during.exists(q => q.peer == address(p) && !q.answered),
        s"$context: ${p.name} answered ${side.name} across the cut: $during"
      )
      assert(
        after.exists(q => q.peer == address(p) && q.answered),
        s"$context: ${p.name} did not answer ${side.name} after the heal: $after"
      )
    }
    assert(
      during.exists(q => q.peer == address(o.exchange) && q.answered),
      s"$context: the exchange did not answer ${side.name} during the cut either, so the silence shows nothing: $during"
    )
  }

  // The cut stays until both sides spent and the overspend shows, so a loaded machine that decides slowly makes the
  // cut longer, not the test flaky; a day in which the cut-off trader owned nothing, or someone spent before the cut
  // was in place, is run again. The nearest command-line run is `mvt cluster --nodes 3 --data DAY --accounts 1
  // --strategies 12 --balance 4000000 --consistency local --partition 5` (a cut of fixed length, at a seeded time).
  test("local: a partition between traders overspends, and the checker reports it; no debit lost") {
    assert(overspendUnder(Consistency.Local) > 0L)
  }

  test("majority: the same partition, no overspend and no debit lost") {
    assertEquals(overspendUnder(Consistency.Majority), 0L)
  }

  test("bounded: the same partition, no overspend and no debit lost") {
    assertEquals(overspendUnder(Consistency.Bounded), 0L)
  }
}
