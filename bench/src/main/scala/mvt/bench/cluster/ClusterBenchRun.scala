package mvt.bench.cluster

import mvt.bench.{BenchConsole, MachineInfo}
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.cluster.fork.{ForkedCluster, Launcher, Phases}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.{Files as JFiles, Path}

/**
 * `mvt bench cluster`: the consistency modes on loopback nodes in one JVM ([[ClusterBench]]), then, with `faults`,
 * the kill and rejoin scenario of each mode on forked JVMs started by `launcher`: the busiest trader killed with
 * SIGKILL into the day and started again once its work moved. Figures only, never pass/fail.
 */
object ClusterBenchRun {

  // the faults' day: a generated session with its clock, 6.5 hours played in about 23 s
  private val FaultDay =
    DayPlan(java.time.LocalDate.of(2026, 3, 4), 1, 120_000, WorkloadProfile.normal, AccountMix(20), 42L)
  private val FaultSpeed = ReplaySpeed(1000.0)
  private val KillAfter = 4
  private val FaultAccounts = 12

  def apply(
      nodes: Int,
      partitionSeconds: Int,
      faults: Boolean,
      json: Option[String],
      launcher: Launcher,
      phases: Phases,
      c: BenchConsole
  ): Unit = {
    c.out.println(MachineInfo.describe)
    c.out.println(
      s"$nodes nodes on loopback in one JVM, Artery TCP; the last node cut off for $partitionSeconds s"
    )
    val plan = ClusterBench.Plan(nodes, 200_000, 2_000, 100, partitionSeconds)
    val figures = phases.phase("cluster")(ClusterBench.run(plan, _ => ()))
    c.out.println(ClusterBenchReport.render(figures))
    val kills = if (faults) killAndRejoin(nodes, launcher, phases, c) else Vector.empty
    if (kills.nonEmpty) c.out.println(ClusterBenchReport.renderFaults(kills))
    c.write(json, ClusterBenchReport.toJson(plan, figures, kills).spaces2 + "\n")
  }

  private def killAndRejoin(
      nodes: Int,
      launcher: Launcher,
      phases: Phases,
      c: BenchConsole
  ): Vector[FaultFigures] = {
    val day = JFiles.createTempFile("mvt-bench-cluster", ".csv")
    try {
      val out = JFiles.newOutputStream(day)
      try new DayGenerator(FaultDay).next().batch.writeCsv(out)
      finally out.close()
      c.out.println(
        s"kill and rejoin: an exchange and $nodes trader JVMs on loopback, a ${FaultDay.commandsPerDay}-command " +
          s"day at speed ${FaultSpeed.label}; the busiest trader killed with SIGKILL ${KillAfter} s into the day, " +
          "restarted once its work moved"
      )
      Consistency.values.toVector.map(m => faultRun(m, day, nodes, launcher, phases))
    } finally JFiles.deleteIfExists(day): Unit
  }

  private def faultRun(
      mode: Consistency,
      day: Path,
      nodes: Int,
      launcher: Launcher,
      phases: Phases
  ): FaultFigures =
    FaultFigures.of(
      ForkedCluster.run(
        launcher,
        ForkedCluster.Plan(
          day,
          nodes,
          mode,
          FaultAccounts,
          20_000_000L,
          FaultSpeed,
          Some(KillAfter),
          true,
          ForkedCluster.DefaultDownAfterMillis
        ),
        phases,
        s"kill and rejoin (${mode.label})"
      )
    )
}
