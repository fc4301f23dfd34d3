package mvt.cluster.nemesis

import mvt.cluster.fork.{ForkedCluster, Launcher, Phases}
import mvt.cluster.history.HistoryFile
import mvt.cluster.{Consistency, ReplaySpeed}
import mvt.core.files.FileTree
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.{Files, Path}

/**
 * The nemesis at scale: in one mode, one forked cluster (an exchange and `traders` trader JVMs on loopback, small
 * balances, traders deciding within `budgetMillis`) trades a generated day while [[Windows]] runs `schedules` short
 * seeded fault schedules back to back, one of them killing the exchange too (`killExchange`);
 * then every node's history is checked and each violation named with its schedule's seed ([[RunVerdict]]). The
 * CI suite and `mvt bench cluster --nemesis SEED` run the same [[Settings]], so a failure replays with
 * [[replay]]. Blocks the caller for the day (about 20 s on two quiet cores).
 */
object NemesisRun {

  /**
   * What a run is: the schedules and their windows (milliseconds into the day), the cluster, and the day (a
   * generated session of `dayCommands` commands from `daySeed`, played at `speed`: 6.5 hours in 11.7 s at 2,000,
   * so the 20 windows of 0.45 s after the first 1.5 s, while the traders take their subscriptions, fit in it).
   */
  final case class Settings(
      schedules: Int = 20,
      leadMillis: Long = 1500L,
      windowMillis: Long = 450L,
      traders: Int = 2,
      accounts: Int = 16,
      balanceCents: Long = 2_000_000L,
      dayCommands: Int = 60_000,
      daySeed: Long = 9L,
      speed: ReplaySpeed = ReplaySpeed(2000.0),
      downAfterMillis: Int = 1000,
      killExchange: Boolean = true,
      budgetMillis: Int = 500,
      leadingCuts: Boolean = true
  ) {

    /**
     * The schedules of a run from `seed` (one of them kills the exchange, with `killExchange`; the first two cut, with
     * `leadingCuts`).
     */
    def windows(seed: Long): Windows =
      Windows(seed, schedules, traders, leadMillis, windowMillis, killExchange, leadingCuts)
  }

  /** The base seed CI runs. */
  val CiSeed = 32L

  /** The command that replays the runs of base seed `seed` (every mode, the default settings). */
  def replay(seed: Long): String = s"mvt bench cluster --nemesis $seed"

  /** A run's outcome: what the forked cluster reported, and the checker's verdict. */
  final case class Result(outcome: ForkedCluster.Outcome, verdict: RunVerdict)

  /** Writes the settings' day (a commands file) into `dir`. */
  def writeDay(dir: Path, s: Settings): Path = {
    val day = dir.resolve("nemesis-day.csv")
    val plan = DayPlan(
      java.time.LocalDate.of(2026, 3, 6),
      1,
      s.dayCommands,
      WorkloadProfile.normal,
      AccountMix(20),
      s.daySeed
    )
    val out = Files.newOutputStream(day)
    try new DayGenerator(plan).next().batch.writeCsv(out)
    finally out.close()
    day
  }

  /** Runs the schedules of base seed `seed` in `mode` on `day` (from [[writeDay]]). */
  def run(
      launcher: Launcher,
      mode: Consistency,
      seed: Long,
      s: Settings,
      day: Path,
      phases: Phases
  ): Result = {
    val windows = s.windows(seed)
    val histories = Files.createTempDirectory("mvt-nemesis")
    try {
      val o = ForkedCluster.run(
        launcher,
        ForkedCluster.Plan(
          day,
          s.traders,
          mode,
          s.accounts,
          s.balanceCents,
          s.speed,
          None,
          false,
          s.downAfterMillis,
          historyDir = Some(histories),
          schedule = Some(windows.combined),
          traderArgs = Vector("--budget", s"${s.budgetMillis}ms"),
          // a probe across a cut waits 3 s for its answer: longer than a window's cut
          probeCuts = false
        ),
        phases,
        s"nemesis (${mode.label}, seed $seed)"
      )
      val byNode = o.historyFiles.map(f =>
        f.getFileName.toString.stripSuffix(".history.jsonl") -> HistoryFile.read(f)
      )
      val unreadable = byNode.collect { case (n, Left(why)) => RunVerdict.Finding(None, s"$n: $why") }
      val checked = RunVerdict.check(
        mode,
        windows,
        byNode.collect { case (n, Right(ops)) => n -> ops }.toMap,
        o.injected,
        o.startedAt
      )
      val exchange = Option.when(o.exchangeStatus != 0)(
        RunVerdict.Finding(
          None,
          s"the exchange ended with status ${o.exchangeStatus}: ${o.exchange.errors.takeRight(5).mkString(" | ")}"
        )
      )
      Result(o, checked.copy(findings = checked.findings ++ unreadable ++ exchange))
    } finally FileTree.delete(histories)
  }
}
