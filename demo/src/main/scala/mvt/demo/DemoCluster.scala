package mvt.demo

import cats.effect.IO
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.cluster.fork.{ClusterRun, ForkedCluster}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.Files as JFiles

/**
 * The demo's cluster leg: an exchange and two trader JVMs on loopback (as `mvt cluster`) trade part of a day in the
 * `bounded` mode; the busier trader is killed with SIGKILL, the other takes its subscriptions, and the exchange
 * prints every account's reconciliation with the trade feed. About 25 s, progress on stderr.
 */
object DemoCluster {

  /** The leg; true when the exchange ended with status 0. */
  def run(seed: Long, c: Demo.Console): IO[Boolean] =
    IO.blocking {
      val day = JFiles.createTempFile("mvt-demo-day", ".csv")
      val out = JFiles.newOutputStream(day)
      try {
        // 60,000 commands over the 6.5-hour session, played at 2,000 times real time: about 12 s of trading
        val plan =
          DayPlan(java.time.LocalDate.of(2026, 3, 4), 1, 60_000, WorkloadProfile.normal, AccountMix(20), seed)
        new DayGenerator(plan).next().batch.writeCsv(out)
      } finally out.close()
      c.out.println()
      c.out.println(
        "The trader cluster: an exchange and two trader JVMs on loopback, balances in the bounded mode; the busier " +
          "trader is killed with SIGKILL 3 s into the day."
      )
      c.out.flush()
      day
    }.flatMap { day =>
      val plan = ForkedCluster.Plan(
        day,
        2,
        Consistency.Bounded,
        6,
        20_000_000L,
        ReplaySpeed(2000.0),
        Some(3),
        false,
        ForkedCluster.DefaultDownAfterMillis
      )
      c.work(ClusterRun(c.launcher, plan, c.progress, c.out) == 0)
        .guarantee(IO.blocking(JFiles.deleteIfExists(day)).void)
    }
}
