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
          .withDefault(StrategyKind.SpreadCapture)
      ).mapN { (n, commands, kind) =>
        val cores = MachineInfo.cores
        val setup = DaySetup(
          StrategySpec.of(kind, Nil).toOption.get,
          OrderRules(Account(Int.MaxValue), 0L, 1000L),
          java.math.BigDecimal.ZERO,
          Engine.Fast
        )
        IO(t.out.println(MachineInfo.describe)) *>
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
