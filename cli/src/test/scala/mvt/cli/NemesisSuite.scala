package mvt.cli

import mvt.core.files.FileTree
import mvt.cluster.fork.ForkedCluster
import mvt.cluster.history.HistoryChecker
import mvt.cluster.nemesis.Schedule
import mvt.cluster.{Consistency, ReplaySpeed}

import java.nio.file.Files as JFiles

/**
 * The nemesis on real forked JVMs: a seeded schedule of `kill -9`, pauses (SIGSTOP/SIGCONT) and restarts of
 * traders during a short day in `bounded` on small balances, every node's history checked afterwards. The schedule's seed is in every failure, so a failure replays. The
 * 20-per-mode run is `mvt bench cluster`'s, not CI's.
 */
class NemesisSuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(4, "min")

  private val dir = JFiles.createTempDirectory("mvt-nemesis-test")

  override def afterAll(): Unit =
    FileTree.delete(dir)

  test("bounded under a seeded schedule of kills, pauses and restarts: nothing applied twice, no overspend") {
    val day = ClusterDay.write(dir.resolve("day.csv"), java.time.LocalDate.of(2026, 3, 6), 30_000, 9L)
    val schedule = Schedule.of(seed = 32L, traders = 2, seconds = 8, faults = 3)
    val run = ClusterDay.run(
      ForkedCluster.Plan(
        day,
        2,
        Consistency.Bounded,
        4,
        2_000_000L,
        ReplaySpeed(1500.0),
        None,
        false,
        1000,
        historyDir = Some(dir.resolve("histories")),
        schedule = Some(schedule)
      ),
      "nemesis test"
    )
    val context = s"${schedule.render}; injected: ${run.faults.mkString(", ")}"
    assertEquals(
      run.exchangeStatus,
      0,
      context + "\n" + (run.exchange +: run.traders).map(n => s"${n.name}: ${n.errors.mkString("\n")}")
        .mkString("\n")
    )
    assert(run.faults.nonEmpty, context)
    val ops = run.history.fold(e => fail(s"$context: $e"), identity)
    val v = HistoryChecker.check(ops)
    assert(v.gaps.isEmpty, s"$context: ${v.gaps}")
    assertEquals(v.appliedTwice, 0, s"$context: $v")
    assertEquals(v.accounts.flatMap(_.debitedTwice), Vector.empty, s"$context: $v")
    assertEquals(v.maxOverspendCents, 0L, s"$context: $v")
    assert(v.accounts.forall(_.balanceMismatches.isEmpty), s"$context: $v")
    // orders and reports are still at most once: only a killed JVM's last orders may be reserved and not accounted
    // for; every debit of a JVM that was never killed is
    val killed =
      run.faults.filter(_.startsWith("kill")).map(f => f.substring(f.indexOf('(') + 1, f.indexOf(')')))
    val killedPrefixes = run.historyFiles
      .filter(f => killed.exists(k => f.getFileName.toString == s"$k.history.jsonl"))
      .flatMap(f => mvt.cluster.history.HistoryFile.read(f).toOption.toVector.flatten)
      .map(o => s"${o.node}#${o.incarnation}/")
      .distinct
    val lostElsewhere = v.accounts.flatMap(_.lostOrders).filterNot(o => killedPrefixes.exists(o.startsWith))
    assertEquals(lostElsewhere, Vector.empty, s"$context: $v")
  }
}
