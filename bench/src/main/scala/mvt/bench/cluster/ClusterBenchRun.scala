package mvt.bench.cluster

import mvt.bench.{BenchConsole, MachineInfo}
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.cluster.fork.{ForkedCluster, Launcher, Phases}
import mvt.cluster.nemesis.NemesisRun
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.{Files as JFiles, Path}

/**
 * `mvt bench cluster`: the consistency modes on loopback nodes in one JVM ([[ClusterBench]]), then, with `faults`,
 * the kill and rejoin scenario of each mode on forked JVMs started by `launcher`: the busiest trader killed with
 * SIGKILL into the day and started again once its work moved. With `nemesis` (a base seed), instead, each mode
 * under the nemesis ([[mvt.cluster.nemesis.NemesisRun]], the CI suite's run). Figures only, never pass/fail.
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
      nemesis: Option[Int],
      launcher: Launcher,
      phases: Phases,
      c: BenchConsole
  ): Unit = nemesis match {
    case Some(seed) => underNemesis(seed.toLong, launcher, phases, json, c)
    case None => modes(nodes, partitionSeconds, faults, json, launcher, phases, c)
  }

  private def modes(
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
    val plan = ClusterBench.Plan(nodes, 200_000, 2_000, 2_000, 100, partitionSeconds)
    val figures = phases.phase("cluster")(ClusterBench.run(plan, _ => ()))
    c.out.println(ClusterBenchReport.render(figures))
    val kills = if (faults) killAndRejoin(nodes, launcher, phases, c) else Vector.empty
    if (kills.nonEmpty) c.out.println(ClusterBenchReport.renderFaults(kills))
    c.write(json, ClusterBenchReport.toJson(plan, figures, kills).spaces2 + "\n")
  }

  // every mode in turn under the nemesis's schedules of base seed `seed`, on the CI suite's settings
  private def underNemesis(
      seed: Long,
      launcher: Launcher,
      phases: Phases,
      json: Option[String],
      c: BenchConsole
  ): Unit = {
    val s = NemesisRun.Settings()
    val dir = JFiles.createTempDirectory("mvt-bench-nemesis")
    try {
      val day = NemesisRun.writeDay(dir, s)
      c.out.println(MachineInfo.describe)
      c.out.println(
        s"under the nemesis: per mode an exchange and ${s.traders} trader JVMs on loopback, ${s.accounts} accounts of " +
          s"${s.balanceCents} cents, a ${s.dayCommands}-command day at speed ${s.speed.label}; ${s.schedules} seeded " +
          s"schedules (seeds $seed to ${seed + s.schedules - 1}) of ${s.windowMillis} ms each, back to back"
      )
      val fs = Consistency.values.toVector.map(m =>
        NemesisFigures.of(NemesisRun.run(launcher, m, seed, s, day, phases), seed)
      )
      c.out.println(NemesisFigures.render(fs))
      fs.foreach(f => f.report.foreach(l => c.out.println(l)))
      c.write(
        json,
        io.circe.Json.obj(
          "benchmark" -> io.circe.Json.fromString("cluster-nemesis"),
          "machine" -> mvt.bench.ThroughputBench.machineJson
        ).deepMerge(NemesisFigures.toJson(seed, s, fs)).spaces2 + "\n"
      )
    } finally mvt.core.files.FileTree.delete(dir)
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
