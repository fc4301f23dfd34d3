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
          .withDefault(StrategyKind.SpreadCapture)
      ).mapN((n, commands, kind) =>
        IO(t.out.println(MachineInfo.describe)) *>
          Blocking(BacktestBench.days(n, commands, 42L)).flatMap(BacktestBenchRun(_, commands, kind, t.out))
            .as(ExitCode.Success)
      )
    }
}
