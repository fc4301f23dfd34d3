package mvt.trader

import mvt.orderbook.Engine
import mvt.trader.pipeline.{InterpreterKind, PreTradeCheck, RingJournal, TraderPipeline}
import mvt.trader.queue.QueuePolicy

import java.io.{OutputStream, PrintStream}

/**
 * `mvt trade`: a [[TradingSession]] set up from its settings, each decision a line on `decisions`, its summary on
 * `err` at the end. Blocks the caller, which runs the exchange.
 */
object TradeRun {

  /** How the session is put together; `budgetNanos` sets the pipeline's deadlines (none without one). */
  final case class Settings(
      engine: Engine,
      strategy: TradeStrategy,
      policy: QueuePolicy,
      queue: Int,
      interpreter: InterpreterKind,
      parallelism: Int,
      budgetNanos: Option[Long]
  )

  /**
   * Runs the session over what `feed` sends to the tracker. An error of `feed` ends the feed but not the session:
   * every command before it is traded, and the error comes back.
   */
  def apply[E](
      s: Settings,
      check: PreTradeCheck,
      decisions: OutputStream,
      err: PrintStream,
      feed: BboTracker => Either[E, ?]
  ): Option[E] = {
    val out = new PrintStream(decisions, false, "UTF-8")
    val deadlines = s.budgetNanos.fold(TraderPipeline.Deadlines.none)(TraderPipeline.Deadlines.fromBudget)
    val config = TradingSession.Config(
      s.engine,
      s.strategy.build,
      TraderPipeline(deadlines, new RingJournal(1024), check),
      s.policy,
      s.queue,
      s.interpreter,
      s.parallelism
    )
    val session = new TradingSession(config, d => out.synchronized(out.println(d.render)))
    var failure: Option[E] = None
    val (summary, _) = session.run(tracker => feed(tracker).left.foreach(e => failure = Some(e)))
    out.flush()
    err.println(summary.render(s.budgetNanos))
    failure
  }
}
