package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.LocalTrade
import mvt.core.*
import mvt.trader.{TradeRun, TradeStrategy}
import mvt.trader.strategy.StrategyKind
import Named.given

/**
 * `mvt trade`: a command stream through the exchange, its BBO changes through a queue to a strategy. Wiring:
 * `mvt.cluster.LocalTrade`.
 */
object TradeCommand {

  private given Named[StrategyKind] = Named("strategy", TradeStrategy.kinds)(_.label)

  /**
   * The strategy and its options, each built from the catalogue's declaration; an option the chosen strategy
   * does not use (`--tick` for momentum) is refused at parse time, naming the strategy and the option.
   */
  private val strategy: Opts[TradeStrategy] = (
    Opts.option[StrategyKind](
      "strategy",
      s"Trading strategy: ${summon[Named[StrategyKind]].names} (default spread-capture).",
      metavar = "S"
    ).withDefault(StrategyKind.SpreadCapture),
    Opt.text("tick", "PRICE")(
      "Spread-capture: price tick the market maker quotes inside by (default 0.01)."
    )
      .mapValidated(CommaList.single(_, s => Price.parse(s).filter(_.isValid), "tick")).orNone,
    TradeStrategy.flags.traverse(f =>
      Opts.option[Long](f.flag, f.help, metavar = "N").mapValidated(f.check(_).toValidatedNel).orNone
    ),
    TraderOpts.costNanosGiven("Synthetic: CPU microseconds per decision (default 50).").orNone
  ).tupled.mapValidated((kind, tick, values, cost) => TradeStrategy.chosen(kind, tick, values, cost))

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("in", "FILE|-")("Commands file or command log, or - for standard input."),
      Opt.out("decisions", "FILE|-"),
      (
        EngineOpt.single,
        strategy,
        TraderOpts.pipeline(
          "block",
          TraderOpts.budget(
            "Latency budget: steps expire at 70/80/90/100% of it from the event's sent time (default: no deadlines)."
          ).orNone
        )
      ).mapN((engine, strategy, p) => TradeRun.Settings(engine, strategy, p._1, p._2, p._3, p._4, p._5)),
      Opts.option[Long](
        "balance",
        "Pre-trade check: the client's balance in cents (default: no check).",
        metavar = "CENTS"
      )
        .validate("--balance must not be negative")(_ >= 0).orNone
    ).mapN(LocalTrade.command(_, _, _, _, t))
}
