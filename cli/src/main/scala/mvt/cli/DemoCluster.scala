package mvt.cli

import cats.effect.{ExitCode, IO}
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.Files as JFiles

/**
 * The demo's cluster leg: an exchange and two trader JVMs on loopback (`mvt cluster`) trade part of a day in the
 * `bounded` mode; the busier trader is killed with SIGKILL, the other takes its subscriptions, and the exchange prints
 * every account's reconciliation with the trade feed. About 25 s, progress on stderr.
 */
object DemoCluster {

  def run(seed: Long, t: Terminal): IO[ExitCode] =
    IO.blocking {
      val day = JFiles.createTempFile("mvt-demo-day", ".csv")
      val out = JFiles.newOutputStream(day)
      try {
        // 60,000 commands over the 6.5-hour session, played at 2,000 times real time: about 12 s of trading
        val plan =
          DayPlan(java.time.LocalDate.of(2026, 3, 4), 1, 60_000, WorkloadProfile.normal, AccountMix(20), seed)
        new DayGenerator(plan).next().batch.writeCsv(out)
      } finally out.close()
      t.out.println()
      t.out.println(
        "The trader cluster: an exchange and two trader JVMs on loopback, balances in the bounded mode; the busier " +
          "trader is killed with SIGKILL 3 s into the day."
      )
      t.out.flush()
      day
    }.flatMap { day =>
      ClusterCommand
        .run(
          ClusterCommand.Args(
            2,
            day.toString,
            Consistency.Bounded,
            6,
            20_000_000L,
            ReplaySpeed(2000.0),
            Some(3)
          ),
          t
        )
        .guarantee(IO.blocking(JFiles.deleteIfExists(day)).void)
    }
}
