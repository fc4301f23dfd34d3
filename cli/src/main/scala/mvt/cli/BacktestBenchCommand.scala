package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.StrategyKind
import mvt.bench.backtest.BacktestBenchRun
import Named.argument
import Opt.Words.From

/** `mvt bench backtest`: days/s and commands/s of real days with a strategy in the loop, at 1 and at every core. */
object BacktestBenchCommand {
  import BacktestCommand.given

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "backtest",
      "Days/s and commands/s of backtested days, at parallelism 1 and the core count."
    ) {
      (
        Opt.int("days", 16, 1 to 1000, From)("Generated days to run (default 16)."),
        Opt.int("commands", 200000, 1000 to 10000000, From)("Commands a day (default 200000)."),
        Opts.option[StrategyKind](
          "strategy",
          "The strategy in the loop (default spread-capture).",
          metavar = "NAME"
        )
          .withDefault(StrategyKind.SpreadCapture),
        Opt.file("data", "DIR")(
          "Also run the days of DIR from disk, cold (fresh JVMs) and warm, beside them in memory, then start-up."
        ).map(_.map(java.nio.file.Path.of(_))),
        (
          Opt.number("generate-days")("With --data: write N generated days there first.")
            .validate("--generate-days must be from 1 to 1000")(n => n >= 1 && n <= 1000),
          Opt.number("commands-per-day", "M")("With --generate-days: commands a day.")
            .validate("--commands-per-day must be from 1000 to 10000000")(n => n >= 1000 && n <= 10000000)
        ).tupled.orNone,
        Opt.int("cold-runs", 3, 1 to 50, From)("Fresh JVMs per cold figure, median (default 3)."),
        Opt.flag("startup")("Only the start-up figures: mvt --help against java -version and a minimal main.")
      ).mapN(BacktestBenchRun.Settings.apply).map(BacktestBenchRun.command(_, "mvt.cli.Main", t))
    }
}
