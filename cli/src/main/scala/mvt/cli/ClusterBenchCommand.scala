package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.MachineInfo
import mvt.bench.cluster.{ClusterBench, ClusterBenchReport}
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.Files as JFiles

/**
 * `mvt bench cluster`: the consistency modes on loopback nodes in one JVM (authorization, convergence, a
 * partition), then the kill and rejoin scenarios on forked JVMs; figures only, never pass/fail.
 */
object ClusterBenchCommand {

  // the faults' day: a generated session with its clock, 6.5 hours played in about 23 s
  private val FaultDay =
    DayPlan(java.time.LocalDate.of(2026, 3, 4), 1, 120_000, WorkloadProfile.normal, AccountMix(20), 42L)
  private val FaultSpeed = ReplaySpeed(1000.0)
  private val KillAfter = 4

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "The cluster's consistency modes: authorization, convergence, a partition.") {
      (
        Opts.option[Int]("nodes", "Nodes, each an actor system on loopback (default 3).", metavar = "N")
          .withDefault(3)
          .validate("--nodes must be 2 to 9")(n => n >= 2 && n <= 9),
        Opts.option[Int]("partition-seconds", "How long the last node is cut off (default 5).", metavar = "S")
          .withDefault(5)
          .validate("--partition-seconds must be 1 to 600")(n => n >= 1 && n <= 600),
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone,
        Opts.flag(
          "no-faults",
          "Skip the kill and rejoin scenarios (forked JVMs, about 40 s per mode)."
        ).orFalse.map(!_)
      ).mapN { (nodes, seconds, json, faults) =>
        Outputs.use("bench cluster", t, Nil, List(json))(outputs =>
          Blocking {
            val progress = ProgressBar(t.err)
            t.out.println(MachineInfo.describe)
            t.out.println(
              s"$nodes nodes on loopback in one JVM, Artery TCP; the last node cut off for $seconds s"
            )
            val plan = ClusterBench.Plan(nodes, 200_000, 2_000, 100, seconds)
            val figures = progress.phase("cluster")(ClusterBench.run(plan, _ => ()))
            t.out.println(ClusterBenchReport.render(figures))
            val kills =
              if (!faults) Vector.empty
              else {
                val day = JFiles.createTempFile("mvt-bench-cluster", ".csv")
                try {
                  val out = JFiles.newOutputStream(day)
                  try new DayGenerator(FaultDay).next().batch.writeCsv(out)
                  finally out.close()
                  t.out.println(
                    s"kill and rejoin: an exchange and $nodes trader JVMs on loopback, a ${FaultDay.commandsPerDay}-command " +
                      s"day at speed ${FaultSpeed.label}; the busiest trader killed with SIGKILL ${KillAfter} s into the day, " +
                      "restarted once its work moved"
                  )
                  Consistency.values.toVector.map(m =>
                    ClusterFaults.run(m, day, nodes, 12, FaultSpeed, KillAfter, progress)
                  )
                } finally JFiles.deleteIfExists(day): Unit
              }
            if (kills.nonEmpty) t.out.println(ClusterBenchReport.renderFaults(kills))
            json.foreach(path =>
              outputs.text(path, ClusterBenchReport.toJson(plan, figures, kills).spaces2 + "\n")
            )
            ExitCode.Success
          }
        )
      }
    }

}
