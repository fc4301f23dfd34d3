package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.*
import mvt.core.Money
import mvt.sweep.BacktestCommandRun
import mvt.sweep.BacktestCommandRun.Args
import Named.argument

import java.math.BigDecimal

/** `mvt backtest`: a strategy traded against recorded days through the real engine. Wiring: `BacktestCommandRun`. */
object BacktestCommand {

  given Named[StrategyKind] = Named("strategy", StrategyKind.values.toSeq)(_.label)

  private val params =
    Opt.texts("param", "NAME=V")("A strategy parameter name=value; repeat for more (see docs/backtest.md).")
      .mapValidated(_.traverse(BacktestArgs.param))

  private val sweeps =
    Opt.texts("sweep", "NAME=VALUES")("Sweep a parameter: name=A..B or name=A,B,...; repeat for a grid.")
      .mapValidated(_.traverse(s => Sweep.Axis.parse(s).leftMap(e => s"--sweep: $e").toValidatedNel))

  private val capital =
    Opt.text("capital", "C")("The capital C that daily returns are taken on (default 1000000).")
      .withDefault("1000000")
      .mapValidated(
        Money.within(_, Metrics.MinCapital, Metrics.MaxCapital).leftMap(e => s"--capital: $e").toValidatedNel
      )

  private val cluster = Opt.text("cluster", "HOST:PORT")(
    "Run the (combination, day) jobs on a cluster: start its first node on HOST:PORT, which workers join (mvt worker --seed HOST:PORT, or --workers)."
  ).mapValidated(ClusterOpts.hostPort).orNone

  private val workers = Opt.number("workers")(
    "With --cluster: fork N worker JVMs on this machine, each running --parallelism jobs (default 0: wait for mvt worker nodes)."
  ).withDefault(0).validate("--workers must be 0 to 64")(n => n >= 0 && n <= 64)

  private val minWorkers = Opt.number("min-workers")(
    "With --cluster and no --workers: wait until N mvt worker nodes have joined before the first job (default 1)."
  ).validate("--min-workers must be 1 to 64")(n => n >= 1 && n <= 64).orNone

  private val request = (
    Opt.text("data", "DIR")("The days: a directory of YYYY-MM-DD.mvtc or .csv files (mvt generate --days)."),
    Opts.option[StrategyKind](
      "strategy",
      s"The strategy (${summon[Named[StrategyKind]].names}).",
      metavar = "NAME"
    ),
    params,
    sweeps,
    Opt.text("days", "FROM..TO")(
      "The dates to run, FROM..TO inclusive (either may be left out), or one DATE."
    )
      .mapValidated(BacktestArgs.days).withDefault((None, None)),
    Opt.wholeOr("parallelism", Runtime.getRuntime.availableProcessors.toLong, 1, 1024)("Days run at once").map(
      _.toInt
    ),
    capital,
    Opt.wholeOr("latency-us", 0, 0, 86400000000L)(
      "Microseconds of session clock from a quote change to the strategy's order"
    ),
    FeeOpt.withHelp("Fee per unit the strategy fills (default 0).").withDefault(BigDecimal.ZERO),
    Opt.wholeOr("max-position", 1000, 1, 1000000000)("Largest position either way in any symbol, in units"),
    Opt.wholeOr("account", Int.MaxValue, 1, Int.MaxValue)(
      "The strategy's account; keep it apart from the recorded flow's"
    ).map(_.toInt),
    Opt.json("Also write the days and metrics as JSON to FILE."),
    Opt.text("html")("Also write a self-contained HTML report (equity and daily PnL) to FILE.").orNone
  ).mapN((d, s, p, sw, r, par, c, l, f, m, acc, j, h) =>
    BacktestRun.Request(d, s, p, sw, r._1, r._2, par, c, l, f, m, acc, j, h)
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (request, cluster, workers, minWorkers).mapN(Args.apply).mapValidated(
      BacktestCommandRun.check(_).toValidatedNel
    )
      .map(BacktestCommandRun.run(_, "mvt.cli.Main", ProgressBar(t.err), t))
}
