package mvt.cli

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.*
import mvt.crdt.{ClientBalances, ClientId, ReplicaId}
import mvt.trader.*
import mvt.workload.SourceError

import java.io.PrintStream
import Named.given

/** `mvt trade`: a command stream through the exchange, its BBO changes through a queue to a strategy. */
object TradeCommand {

  /** The strategies `mvt trade` runs, from the catalogue (mean reversion is a backtest's). */
  private val kinds = Vector(StrategyKind.SpreadCapture, StrategyKind.Momentum, StrategyKind.Synthetic)
  private given Named[StrategyKind] = Named("strategy", kinds)(_.label)

  /** The strategy `mvt trade` builds, and the price grid a market maker quotes on. */
  final case class StrategyArgs(spec: StrategySpec, tick: Price)

  // `mvt trade`'s spelling of a declared parameter (help and range from the declaration), with the default it shows
  private def param(
      flag: String,
      name: String,
      shown: Long,
      kind: StrategyKind,
      who: String
  ): Opts[Option[(String, Long)]] = {
    val p = kind.param(name).get
    val range = if (p.max >= Int.MaxValue) s"at least ${p.min}" else s"between ${p.min} and ${p.max}"
    Opts.option[Long](flag, s"$who${p.help} (default $shown).", metavar = "N")
      .mapValidated(v => p.check(v).left.map(_ => s"--$flag must be $range").map(name -> _).toValidatedNel)
      .orNone
  }

  /**
   * The strategy and its options, each range from the catalogue's declaration; an option the chosen strategy
   * does not use (`--tick` for momentum) is refused at parse time, naming the strategy and the option.
   */
  private val strategyOpts: Opts[StrategyArgs] = (
    Opts.option[StrategyKind](
      "strategy",
      s"Trading strategy: ${summon[Named[StrategyKind]].names} (default spread-capture).",
      metavar = "S"
    )
      .withDefault(StrategyKind.SpreadCapture),
    Opts.option[String](
      "tick",
      "Spread-capture: price tick the market maker quotes inside by (default 0.01).",
      metavar = "PRICE"
    )
      .mapValidated(CommaList.single(_, s => Price.parse(s).filter(_.isValid), "tick"))
      .orNone,
    param("min-spread", "spread", 3L, StrategyKind.SpreadCapture, "Spread-capture: "),
    param("lookback", "lookback", 20L, StrategyKind.Momentum, "Momentum: "),
    param("threshold-bps", "threshold", 5L, StrategyKind.Momentum, "Momentum: "),
    param("qty", "size", 100L, StrategyKind.SpreadCapture, ""),
    TraderOpts.costNanosGiven("Synthetic: CPU microseconds per decision (default 50).").orNone
  ).tupled.mapValidated { (kind, tick, minSpread, lookback, threshold, qty, cost) =>
    val supplied = Vector(
      "tick" -> tick.map(_ => "tick" -> 0L),
      "min-spread" -> minSpread,
      "lookback" -> lookback,
      "threshold-bps" -> threshold,
      "cost-us" -> cost.map("cost-ns" -> _)
    ).collect { case (flag, Some(p)) => flag -> p }
    supplied.filterNot((flag, p) =>
      if (flag == "tick") kind == StrategyKind.SpreadCapture else kind.param(p._1).isDefined
    )
      .traverse_ { (flag, _) =>
        cats.data.Validated.invalidNel[String, Unit](s"--$flag is not an option of strategy ${kind.label}")
      }
      .andThen { _ =>
        // mvt trade's own defaults: a wider spread and a larger threshold than a backtest starts from
        val own = kind match {
          case StrategyKind.SpreadCapture => Vector("spread" -> 3L)
          case StrategyKind.Momentum => Vector("threshold" -> 5L)
          case _ => Vector.empty
        }
        val chosen = supplied.collect { case (flag, p) if flag != "tick" => p } ++ qty
        val values = own.filterNot((n, _) => chosen.exists(_._1 == n)) ++ chosen
        StrategySpec.of(kind, values).map(StrategyArgs(_, tick.getOrElse(Price.parse("0.01").get))).toValidatedNel
      }
  }

  def strategy(a: StrategyArgs): TradingStrategy = a.spec.build(a.tick.raw)

  /** Everything `mvt trade` was given. */
  final case class Args(
      in: String,
      out: String,
      engine: mvt.orderbook.Engine,
      strategy: StrategyArgs,
      policy: QueuePolicy,
      queue: Int,
      interpreter: InterpreterKind,
      parallelism: Int,
      budget: Option[Long],
      balance: Option[Long]
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "trade",
      "Run commands through the exchange and its BBO updates through a trading strategy."
    ) {
      (
        Opts.option[String](
          "in",
          "Commands file or command log, or - for standard input.",
          metavar = "FILE|-"
        ),
        Opts.option[String](
          "out",
          "Where to write decisions; - (the default) is standard output.",
          metavar = "FILE|-"
        )
          .withDefault("-"),
        EngineOpt.single,
        strategyOpts,
        TraderOpts.one(TraderOpts.policies("block", list = false), "policy"),
        TraderOpts.one(TraderOpts.queues("1024", list = false), "queue"),
        TraderOpts.one(TraderOpts.interpreters("fold", list = false), "interpreter"),
        TraderOpts.parallelism,
        TraderOpts.budget(
          "Latency budget: steps expire at 70/80/90/100% of it from the event's sent time (default: no deadlines)."
        ).orNone,
        Opts.option[Long](
          "balance",
          "Pre-trade check: the client's balance in cents (default: no check).",
          metavar = "CENTS"
        )
          .validate("--balance must not be negative")(_ >= 0)
          .orNone
      ).mapN(Args.apply).map(run(_, t))
    }

  def run(args: Args, t: Terminal): IO[ExitCode] =
    Outputs.use("trade", t, List(args.in), List(Some(args.out)), keepOnBadData = true)(outputs =>
      trade(args, outputs(args.out), t)
    )

  private def check(args: Args): PreTradeCheck = args.balance.fold(PreTradeCheck.AllowAll) { cents =>
    val client = ClientId("mvt-trader")
    val balances = ClientBalances.empty.credit(ReplicaId("local"), client, cents).state
    new PreTradeCheck.Balance(
      new ReplicaBalance(() => balances, client),
      Quantity(args.strategy.spec.params("size"))
    )
  }

  private def trade(args: Args, rawOut: java.io.OutputStream, t: Terminal): IO[ExitCode] =
    Files.withInput(args.in, t) { raw =>
      Blocking {
        val out = new PrintStream(rawOut, false, "UTF-8")
        val deadlines = args.budget.fold(TraderPipeline.Deadlines.none)(TraderPipeline.Deadlines.fromBudget)
        val config = TradingSession.Config(
          args.engine,
          strategy(args.strategy),
          TraderPipeline(deadlines, new RingJournal(1024), check(args)),
          args.policy,
          args.queue,
          args.interpreter,
          args.parallelism
        )
        val session =
          new TradingSession(config, d => out.synchronized(out.println(d.render)))
        // streamed block by block: a bad line or record ends the feed after every command before it
        var failure: Option[SourceError] = None
        val (summary, _) = session.run { tracker =>
          Files.source(raw, args.in, t).flatMap(_.replayAll(tracker)).left.foreach(e => failure = Some(e))
        }
        out.flush()
        t.err.println(summary.render(args.budget))
        failure.map(BadInput(_)).fold(ExitCode.Success) { bad =>
          t.err.println(bad.render("trade", args.in))
          bad.status
        }
      }
    }.map(_.merge)
}
