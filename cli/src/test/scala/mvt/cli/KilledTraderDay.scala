package mvt.cli

import mvt.cluster.fork.ForkedCluster
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.core.files.FileTree

import java.nio.file.Files as JFiles

/**
 * One forked `bounded` cluster day that several suites read (a cluster day costs half a minute of two cores): an
 * exchange and three traders on a generated day of 60,000 commands at 750 times real time (about 31 s), six
 * accounts; the busiest trader killed with SIGKILL 5 s in (detected and removed within 2 to 5 s), then restarted
 * once its work moved. Every node's history is kept until the test JVM exits.
 */
object KilledTraderDay {

  /** Trader JVMs at the start, and the accounts they trade. */
  val Traders = 3
  val Accounts = 6

  private lazy val dir = {
    val d = JFiles.createTempDirectory("mvt-cluster-test")
    sys.addShutdownHook(FileTree.delete(d)): Unit
    d
  }

  // on a busy machine the survivors took 5 s to take the killed trader's work and the restarted JVM more than 12 s
  // to join, and it must still come up and take its share back before the close: at 1,000 times real time (24 s)
  // it once did not
  lazy val outcome: ForkedCluster.Outcome = {
    val day = ClusterDay.write(dir.resolve("day.csv"), java.time.LocalDate.of(2026, 3, 4), 60_000, 11L)
    ClusterDay.run(
      ForkedCluster.Plan(
        day,
        Traders,
        Consistency.Bounded,
        Accounts,
        20_000_000L,
        ReplaySpeed(750.0),
        Some(5),
        true,
        1000,
        historyDir = Some(dir.resolve("histories"))
      ),
      "test"
    )
  }
}
