package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.{DaySetup, StrategyKind, StrategySpec}
import mvt.bench.backtest.BacktestBench
import mvt.bench.MachineInfo
import mvt.core.Account
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules
import Named.argument

/** `mvt bench backtest`: days/s and commands/s of real days with a strategy in the loop, at 1 and at every core. */
object BacktestBenchCommand {
  import BacktestCommand.given

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "backtest",
      "Days/s and commands/s of backtested days, at parallelism 1 and the core count."
    ) {
      (
        Opts.option[Int]("days", "Generated days to run (default 16).", metavar = "N").withDefault(16)
          .validate("--days must be from 1 to 1000")(n => n >= 1 && n <= 1000),
        Opts.option[Int]("commands", "Commands a day (default 200000).", metavar = "N").withDefault(200000)
          .validate("--commands must be from 1000 to 10000000")(n => n >= 1000 && n <= 10000000),
        Opts.option[StrategyKind](
          "strategy",
          "The strategy in the loop (default spread-capture).",
          metavar = "NAME"
        )
          .withDefault(StrategyKind.SpreadCapture),
        Opts.option[String](
          "data",
          "Also run the days of DIR from disk, cold (fresh JVMs) and warm, beside them in memory, then start-up.",
          metavar = "DIR"
        ).orNone,
        (
          Opts.option[Int]("generate-days", "With --data: write N generated days there first.", metavar = "N")
            .validate("--generate-days must be from 1 to 1000")(n => n >= 1 && n <= 1000),
          Opts.option[Int]("commands-per-day", "With --generate-days: commands a day.", metavar = "M")
            .validate("--commands-per-day must be from 1000 to 10000000")(n => n >= 1000 && n <= 10000000)
        ).tupled.orNone,
        Opts.option[Int]("cold-runs", "Fresh JVMs per cold figure, median (default 3).", metavar = "N")
          .withDefault(3).validate("--cold-runs must be from 1 to 50")(n => n >= 1 && n <= 50),
        Opts.flag(
          "startup",
          "Only the start-up figures: mvt --help against java -version and a minimal main."
        )
          .orFalse
      ).mapN { (n, commands, kind, data, generate, coldRuns, startup) =>
        val cores = MachineInfo.cores
        val setup = DaySetup(
          StrategySpec.of(kind, Nil).toOption.get,
          OrderRules(Account(Int.MaxValue), 0L, 1000L),
          java.math.BigDecimal.ZERO,
          Engine.Fast
        )
        if (generate.isDefined && data.isEmpty)
          IO(t.err.println("mvt bench backtest: --generate-days needs --data DIR")).as(Cli.Failure)
        else if (startup)
          IO(t.out.println(MachineInfo.describe)) *> mvt.bench.StartupBench.run(coldRuns, "mvt.cli.Main")
            .flatMap(fs => IO(mvt.bench.StartupBench.render(fs).foreach(t.out.println))).as(ExitCode.Success)
        else if (data.isDefined)
          mvt.bench.backtest.DiskBacktestReport.main(
            java.nio.file.Path.of(data.get),
            generate,
            setup,
            kind.label,
            coldRuns,
            "mvt.cli.Main",
            t.out.println
          ).flatMap {
            case Left(e) => IO(t.err.println(s"mvt bench backtest: $e")).as(Cli.Failure)
            case Right(_) => IO.pure(ExitCode.Success)
          }
        else IO(t.out.println(MachineInfo.describe)) *>
          Blocking(BacktestBench.days(n, commands, 42L)).flatMap { days =>
            IO(
              t.out.println(
                f"$n%,d generated days of $commands%,d commands (normal profile, in memory), strategy ${kind.label}; the first pass warms up"
              )
            ) *>
              BacktestBench.run(days, setup, List(1, cores).distinct).flatMap { figures =>
                IO {
                  t.out.println(
                    f"${"run"}%-18s  ${"parallelism"}%11s  ${"days/s"}%9s  ${"M commands/s"}%12s  ${"per core"}%9s"
                  )
                  figures.foreach { f =>
                    t.out.println(
                      f"${f.label}%-18s  ${f.parallelism}%11d  ${f.daysPerSecond}%9.2f  ${f.commandsPerSecond / 1e6}%12.2f  ${f.commandsPerSecond / 1e6 / f.parallelism}%9.2f"
                    )
                  }
                  val loops = figures.filter(_.label != "engine alone")
                  val alone = figures.head
                  t.out.println(
                    f"strategy in the loop costs ${alone.commandsPerSecond / loops.head.commandsPerSecond}%.2fx the engine alone's time at parallelism 1"
                  )
                  if (loops.size > 1)
                    t.out.println(
                      f"speedup at $cores cores: ${loops.head.nanos.toDouble / loops.last.nanos}%.2fx (target 0.85 x $cores = ${0.85 * cores}%.2fx)"
                    )
                  ExitCode.Success
                }
              }
          }
      }
    }
}
