package mvt.cluster.fork

import mvt.cluster.{Consistency, ReplaySpeed, TlsFiles}

import java.nio.file.{Files, Path}

/** The plan `mvt cluster` runs, from its options. */
class ClusterRunSuite extends munit.FunSuite {

  private val speed = ReplaySpeed.parse("max").toOption.get

  test("the histories go where asked, or to a new temporary directory; every node gets the TLS options") {
    val tls = TlsFiles("k.p12", None, "pw")
    val p = ClusterRun.plan(
      3,
      "day.csv",
      Consistency.Local,
      5,
      1,
      100L,
      speed,
      Some(2),
      1500,
      true,
      Some("h"),
      Some(tls)
    )
    assertEquals(p.day, Path.of("day.csv"))
    assertEquals((p.nodes, p.mode, p.accounts, p.balance), (3, Consistency.Local, 5, 100L))
    assertEquals((p.killAfterSeconds, p.rejoin, p.downAfterMillis), (Some(2), true, 1500))
    assertEquals(p.historyDir, Some(Path.of("h")))
    assertEquals(p.nodeArgs, tls.args)
    assertEquals((p.strategies, p.schedule, p.control), (1, None, false))
    val fresh = ClusterRun.plan(1, "d", Consistency.Bounded, 1, 1, 1L, speed, None, 3000, false, None, None)
    assert(fresh.historyDir.exists(Files.isDirectory(_)), fresh.historyDir.toString)
    assertEquals(fresh.nodeArgs, Vector.empty)
  }

  test("--partition: a seeded cut early in the day, every node controlled, removal waiting out the cut") {
    val p =
      ClusterRun.plan(3, "d", Consistency.Local, 4, 3, 1L, speed, None, 1000, false, None, None, Some(7))
    val again =
      ClusterRun.plan(3, "d", Consistency.Local, 4, 3, 1L, speed, None, 1000, false, None, None, Some(7))
    assertEquals(p.schedule, again.schedule)
    assertEquals(p.strategies, 3)
    assert(p.control)
    val cuts = p.schedule.toVector.flatMap(_.faults).collect {
      case mvt.cluster.nemesis.Schedule.At(at, mvt.cluster.nemesis.Fault.Partition(t, false, ms)) =>
        (at, t, ms)
    }
    assertEquals(cuts.size, 1, p.schedule.toString)
    val (at, t, ms) = cuts.head
    assert(at <= 2000 && ms >= 3000 && ms <= 6000 && t >= 0 && t < 3, cuts.toString)
    assertEquals(p.downAfterMillis, ms + 5000)
  }
}
