package mvt.cli

import mvt.cluster.fork.ForkedCluster
import mvt.cluster.history.HistoryChecker
import mvt.cluster.nemesis.{Fault, Schedule}
import mvt.cluster.{Consistency, NodeEvent, ReplaySpeed}
import mvt.core.files.FileTree

import java.nio.file.Files as JFiles

/**
 * A partition between traders with orders flowing, on forked JVMs: three traders and an exchange, three
 * subscriptions per account spread over the traders, balances that run dry within the cut, and one seeded
 * schedule that cuts a trader from the other traders through the nodes' control channels and heals it. The same
 * schedule in each mode: `local` overspends (the checker finds it), `bounded` and `majority` do not, and no debit
 * is lost in any. Each run also shows the cut took effect: the cut-off trader and the others saw each other
 * unreachable during the cut, then reachable after the heal.
 *
 * Ignored until it is seen passing.
 */
class PartitionSuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(6, "min")

  private val dir = JFiles.createTempDirectory("mvt-partition-test")

  override def afterAll(): Unit =
    FileTree.delete(dir)

  private lazy val day =
    ClusterDay.write(dir.resolve("day.csv"), java.time.LocalDate.of(2026, 3, 9), 30_000, 11L)

  // one cut of a trader from the other two, 3 to 6 s long, early in the day; the exchange still hears everyone
  private val schedule =
    Schedule.partitions(seed = 5L, traders = 3, seconds = 10, count = 1, exchange = false)

  private def run(mode: Consistency): ForkedCluster.Outcome =
    ClusterDay.run(
      ForkedCluster.Plan(
        day,
        3,
        mode,
        3,
        1_500_000L,
        ReplaySpeed(1500.0),
        None,
        false,
        // the split-brain resolver must wait out the cut, or it removes the nodes the cut left indirectly connected
        12_000,
        historyDir = Some(dir.resolve(mode.label)),
        // a generous budget: on a busy machine the traders' decisions would expire before they become orders
        nodeArgs = Vector("--budget", "500ms"),
        schedule = Some(schedule),
        strategies = 3
      ),
      s"partition test (${mode.label})"
    )

  // runs `mode` under the schedule and checks what holds in every mode; the largest overspend the checker found
  private def overspendUnder(mode: Consistency): Long = {
    val o = run(mode)
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
    // several traders spent for one account: the partition had something to split
    val spenders = ops.filter(_.kind == mvt.cluster.history.OpKind.Debit).groupBy(_.account).map((_, ds) =>
      ds.map(_.node).distinct.size
    )
    assert(spenders.exists(_ > 1), s"$context: no account was spent by two traders")
    v.maxOverspendCents
  }

  // every node acknowledged the cut and its heal, and the cluster saw it: the cut-off trader saw each other trader
  // unreachable, each of them saw it unreachable, and all reachable again after the heal
  private def cutTookEffect(o: ForkedCluster.Outcome, context: String): Unit = {
    val t = schedule.faults.collectFirst { case Schedule.At(_, Fault.Partition(t, _, _)) => t }.get
    assert(o.faults.exists(_.startsWith(s"cut trader-${t + 1}")), context)
    assert(!o.faults.exists(_.contains("did not acknowledge")), context)
    val side = o.traders(t)
    val others = o.traders.indices.filter(_ != t).map(o.traders)
    def address(n: ForkedCluster.Captured) =
      n.events.events.collectFirst { case u: NodeEvent.Up => u.node }.getOrElse(fail(
        s"$context: ${n.name} not up"
      ))
    val cutAt = side.events.controls.find(_.command.startsWith("cut")).fold(Long.MaxValue)(_.atMillis)
    val healedAt = side.events.controls.find(_.command == "heal").fold(Long.MaxValue)(_.atMillis)
    // a busy machine's failure detector also flaps now and then: what counts is unreachable after the cut was
    // applied and reachable again after the heal
    def sawCutAndHeal(n: ForkedCluster.Captured, peer: ForkedCluster.Captured): Unit = {
      val seen = n.events.reachability.filter(_.peer == address(peer))
      assert(
        seen.exists(r => !r.reachable && r.atMillis >= cutAt && r.atMillis <= healedAt),
        s"$context: ${n.name} never saw ${peer.name} unreachable during the cut: $seen"
      )
      assert(
        seen.exists(r => r.reachable && r.atMillis >= healedAt),
        s"$context: ${n.name} did not see ${peer.name} reachable after the heal: $seen"
      )
    }
    others.foreach { p =>
      sawCutAndHeal(side, p); sawCutAndHeal(p, side)
    }
    assertEquals(
      side.events.controls.map(c => (c.command.takeWhile(_ != ' '), c.applied)),
      Vector("cut" -> true, "heal" -> true)
    )
  }

  test("local: a partition between traders overspends, and the checker reports it; no debit lost".ignore) {
    assert(overspendUnder(Consistency.Local) > 0L, "local did not overspend under the cut")
  }

  test("majority: the same partition, no overspend and no debit lost".ignore) {
    assertEquals(overspendUnder(Consistency.Majority), 0L)
  }

  test("bounded: the same partition, no overspend and no debit lost".ignore) {
    assertEquals(overspendUnder(Consistency.Bounded), 0L)
  }
}
