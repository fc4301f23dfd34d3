package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.ReplicaBalance
import mvt.core.*
import mvt.trader.{TradeRun, TradeStrategy}
import mvt.trader.pipeline.PreTradeCheck
import mvt.trader.strategy.StrategyKind
import Named.given

/** `mvt trade`: a command stream through the exchange, its BBO changes through a queue to a strategy. */
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
    ).mapN(run(_, _, _, _, t))

  /** Trades the commands of `in` (a bad line or record ends the feed after every command before it). */
  def run(in: String, out: String, s: TradeRun.Settings, balance: Option[Long], t: Terminal): IO[ExitCode] = {
    val check =
      balance.fold(PreTradeCheck.AllowAll)(ReplicaBalance.check(_, Quantity(s.strategy.spec.params("size"))))
    Outputs.use("trade", t, List(in), List(Some(out)), keepOnBadData = true)(outputs =>
      Files.withInput(in, t) { raw =>
        val feed = (tracker: mvt.trader.BboTracker) => Files.source(raw, in, t).flatMap(_.replayAll(tracker))
        Blocking(TradeRun(s, check, outputs(out), t.err, feed).map(BadInput(_)).fold(ExitCode.Success) {
          bad =>
            t.err.println(bad.render("trade", in))
            bad.status
        })
      }.map(_.merge)
    )
  }
}
