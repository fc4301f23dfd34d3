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

  /** The strategies `--strategy` names. */
  enum StrategyKind(val label: String, val options: Set[String]) {
    case SpreadCapture extends StrategyKind("spread-capture", Set("tick", "min-spread", "qty"))
    case Momentum extends StrategyKind("momentum", Set("lookback", "threshold-bps", "qty"))
    // --qty is the order size the pre-trade balance check assumes, whatever the strategy
    case Synthetic extends StrategyKind("synthetic", Set("cost-us", "qty"))
  }
  object StrategyKind {
    given Named[StrategyKind] = Named("strategy", values.toSeq)(_.label)
  }

  private val strategyNames = summon[Named[StrategyKind]].names

  /** The strategy and its parameters, as given on the command line. */
  final case class StrategyArgs(
      kind: StrategyKind,
      tick: Price,
      minSpread: Int,
      lookback: Int,
      thresholdBps: Int,
      qty: Long,
      costNanos: Long
  )

  /**
   * The strategy and its options; an option the chosen strategy does not use (`--tick` for momentum) is refused
   * at parse time, naming the strategy and the option, instead of being ignored.
   */
  private val strategyOpts: Opts[StrategyArgs] = (
    Opts.option[StrategyKind](
      "strategy",
      s"Trading strategy: $strategyNames (default spread-capture).",
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
    Opts.option[Int](
      "min-spread",
      "Spread-capture: least spread to quote inside, in ticks (default 3).",
      metavar = "N"
    )
      .validate("--min-spread must be at least 2")(_ >= 2)
      .orNone,
    Opts.option[Int]("lookback", "Momentum: updates to look back over (default 20).", metavar = "N")
      .validate("--lookback must be between 1 and 1000000")(n => n > 0 && n <= 1000000)
      .orNone,
    Opts.option[Int](
      "threshold-bps",
      "Momentum: mid move that signals, in basis points (default 5).",
      metavar = "N"
    )
      .validate("--threshold-bps must be positive")(_ > 0)
      .orNone,
    Opts.option[Long]("qty", "Quantity of each decision (default 100).", metavar = "N")
      .withDefault(100L)
      .validate("--qty must be between 1 and 1000000000")(q => q >= 1 && q <= Quantity.Max),
    TraderOpts.costNanosGiven("Synthetic: CPU microseconds per decision (default 50).").orNone
  ).tupled.mapValidated { (kind, tick, minSpread, lookback, threshold, qty, cost) =>
    val supplied = Vector(
      "tick" -> tick,
      "min-spread" -> minSpread,
      "lookback" -> lookback,
      "threshold-bps" -> threshold,
      "cost-us" -> cost
    ).collect { case (name, Some(_)) => name }
    supplied.filterNot(kind.options).traverse_ { name =>
      cats.data.Validated.invalidNel[String, Unit](s"--$name is not an option of strategy ${kind.label}")
    }.map(_ =>
      StrategyArgs(
        kind,
        tick.getOrElse(Price.parse("0.01").get),
        minSpread.getOrElse(3),
        lookback.getOrElse(20),
        threshold.getOrElse(5),
        qty,
        cost.getOrElse(50000L)
      )
    )
  }

  def strategy(a: StrategyArgs): TradingStrategy = a.kind match {
    case StrategyKind.Momentum => new MomentumStrategy(a.lookback, a.thresholdBps, Quantity(a.qty))
    case StrategyKind.Synthetic => new SyntheticStrategy(a.costNanos)
    case StrategyKind.SpreadCapture => new SpreadCaptureStrategy(a.tick.raw, a.minSpread, Quantity(a.qty))
  }

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
    new PreTradeCheck.Balance(new ReplicaBalance(() => balances, client), Quantity(args.strategy.qty))
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
