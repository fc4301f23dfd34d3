package mvt.bench.backtest

import cats.effect.{ExitCode, IO}
import mvt.backtest.{DaySetup, StrategyKind, StrategySpec}
import mvt.bench.MachineInfo
import mvt.core.{Account, RunFailure}
import mvt.core.console.{Blocking, Status, Terminal}
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules
import mvt.workload.CommandBatch

import java.io.PrintStream
import java.time.LocalDate

/**
 * `mvt bench backtest`: generated `days` backtested with `kind` in the loop at parallelism 1 and at the core
 * count, against the engine alone; prints days/s, commands/s and the strategy's cost and the speedup.
 */
object BacktestBenchRun {

  /**
   * What `mvt bench backtest` runs: `days` generated days of `commands` in memory with `kind`, or (`data`) the
   * days of a directory, written first with `generate` (days, commands a day), `coldRuns` fresh JVMs a cold
   * figure; or (`startup`) the start-up figures alone.
   */
  final case class Settings(
      days: Int,
      commands: Int,
      kind: StrategyKind,
      data: Option[java.nio.file.Path],
      generate: Option[(Int, Int)],
      coldRuns: Int,
      startup: Boolean
  )

  /** `mvt bench backtest`: [[main]] on `t`, the in-memory days generated with seed 42; its status. */
  def command(s: Settings, mainClass: String, t: Terminal): IO[ExitCode] =
    main(s, mainClass, t.out, (n, c) => Blocking(BacktestBench.days(n, c, 42L))).map(Status.ended(
      "bench backtest",
      t
    ))

  /**
   * The run `s` asks for, `mainClass` the `mvt` command's; `generated` makes the in-memory days (the caller
   * runs that work its own way). Status 1 with why when `--generate-days` has no directory or the disk run fails.
   */
  def main(
      s: Settings,
      mainClass: String,
      out: PrintStream,
      generated: (Int, Int) => IO[Vector[(LocalDate, CommandBatch)]]
  ): IO[Either[RunFailure, Unit]] =
    if (s.generate.isDefined && s.data.isEmpty)
      IO.pure(Left(RunFailure.io("--generate-days needs --data DIR")))
    else if (s.startup) startup(s.coldRuns, mainClass, out).as(Right(()))
    else
      s.data match {
        case Some(dir) =>
          disk(dir, s.generate, s.kind, s.coldRuns, mainClass, out).map(_.left.map(RunFailure.io))
        case None =>
          IO(out.println(MachineInfo.describe)) *>
            generated(s.days, s.commands).flatMap(apply(_, s.commands, s.kind, out)).as(Right(()))
      }

  /** The closed loop every part of the benchmark runs: `kind` on the fast engine, no fees, a house account. */
  def setup(kind: StrategyKind): DaySetup =
    DaySetup(
      StrategySpec.of(kind, Nil).toOption.get,
      OrderRules(Account(Int.MaxValue), 0L, 1000L),
      java.math.BigDecimal.ZERO,
      Engine.Fast
    )

  /** `--startup`: `mvt --help` (main class `mainClass`) against `java -version` and a minimal main. */
  def startup(runs: Int, mainClass: String, out: PrintStream): IO[Unit] =
    IO(out.println(MachineInfo.describe)) *> mvt.bench.StartupBench.run(runs, mainClass)
      .flatMap(fs => IO(mvt.bench.StartupBench.render(fs).foreach(out.println)))

  /** `--data DIR`: the days of `dir` (written first with `generate`) from disk, cold and warm, beside memory. */
  def disk(
      dir: java.nio.file.Path,
      generate: Option[(Int, Int)],
      kind: StrategyKind,
      coldRuns: Int,
      mainClass: String,
      out: PrintStream
  ): IO[Either[String, Unit]] =
    DiskBacktestReport.main(dir, generate, setup(kind), kind.label, coldRuns, mainClass, out.println)

  def apply(
      days: Vector[(LocalDate, CommandBatch)],
      commands: Int,
      kind: StrategyKind,
      out: PrintStream
  ): IO[Unit] = {
    val cores = MachineInfo.cores
    IO(
      out.println(
        f"${days.size}%,d generated days of $commands%,d commands (normal profile, in memory), strategy ${kind.label}; the first pass warms up"
      )
    ) *> BacktestBench.run(days, setup(kind), List(1, cores).distinct).flatMap(figures =>
      IO(table(figures, cores, out))
    )
  }

  private def table(figures: Vector[BacktestBench.Figure], cores: Int, out: PrintStream): Unit = {
    out.println(
      f"${"run"}%-18s  ${"parallelism"}%11s  ${"days/s"}%9s  ${"M commands/s"}%12s  ${"per core"}%9s"
    )
    figures.foreach { f =>
      out.println(
        f"${f.label}%-18s  ${f.parallelism}%11d  ${f.daysPerSecond}%9.2f  ${f.commandsPerSecond / 1e6}%12.2f  ${f.commandsPerSecond / 1e6 / f.parallelism}%9.2f"
      )
    }
    val loops = figures.filter(_.label != "engine alone")
    val alone = figures.head
    out.println(
      f"strategy in the loop costs ${alone.commandsPerSecond / loops.head.commandsPerSecond}%.2fx the engine alone's time at parallelism 1"
    )
    if (loops.size > 1)
      out.println(
        f"speedup at $cores cores: ${loops.head.nanos.toDouble / loops.last.nanos}%.2fx (target 0.85 x $cores = ${0.85 * cores}%.2fx)"
      )
  }
}
