package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.StrategyKind
import mvt.bench.backtest.{BacktestBench, BacktestBenchRun}
import mvt.bench.MachineInfo
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
        if (generate.isDefined && data.isEmpty)
          IO(t.err.println("mvt bench backtest: --generate-days needs --data DIR")).as(Cli.Failure)
        else if (startup) BacktestBenchRun.startup(coldRuns, "mvt.cli.Main", t.out).as(ExitCode.Success)
        else
          data match {
            case Some(dir) =>
              BacktestBenchRun.disk(
                java.nio.file.Path.of(dir),
                generate,
                kind,
                coldRuns,
                "mvt.cli.Main",
                t.out
              )
                .flatMap {
                  case Left(e) => IO(t.err.println(s"mvt bench backtest: $e")).as(Cli.Failure)
                  case Right(_) => IO.pure(ExitCode.Success)
                }
            case None =>
              IO(t.out.println(MachineInfo.describe)) *>
                Blocking(BacktestBench.days(n, commands, 42L)).flatMap(BacktestBenchRun(
                  _,
                  commands,
                  kind,
                  t.out
                ))
                  .as(ExitCode.Success)
          }
      }
    }
}
