package mvt.demo

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import mvt.core.*
import mvt.orderbook.Engine
import mvt.trader.*
import mvt.workload.CommandBatch

/**
 * The trader leg of `mvt demo`: the session's BBO changes through a `block` queue to the spread-capture market
 * maker on one fold consumer, without deadlines, so every update is processed and the counts are the seed's.
 */
object DemoTrader {

  /** Runs `batch` through a trading session; returns its summary and the decisions made. */
  def run(batch: CommandBatch): (TradingSession.Summary, Long) = {
    val config = TradingSession.Config(
      Engine.Fast,
      StrategySpec.of(StrategyKind.SpreadCapture, Seq("spread" -> 3L)).toOption.get.build(),
      TraderPipeline(TraderPipeline.Deadlines.none, new RingJournal(1024), PreTradeCheck.AllowAll),
      QueuePolicy.Block,
      1024,
      InterpreterKind.Fold,
      1
    )
    var decisions = 0L // written by the one consumer thread, read after the session's join
    val session = new TradingSession(config, _ => decisions += 1)
    val (summary, _) = session.run(tracker => batch.replay(tracker))
    (summary, decisions)
  }

  def report(summary: TradingSession.Summary, decisions: Long): String = {
    val l = summary.metrics.latency
    def us(p: Double) = Micros.format(l.getValueAtPercentile(p))
    Vector(
      "Automated trader (spread capture, one tick inside a spread of 3 ticks or more; block queue of 1,024; fold):",
      f"  BBO updates  ${summary.updates}%,14d  (top-of-book changes of the session)",
      f"  decisions    $decisions%,14d  (${100.0 * decisions / math.max(1L, summary.updates)}%.1f%% of updates)",
      s"  latency from the BBO change to the end of its processing: p50 ${us(50)} µs, p99 ${us(99)} µs, p99.9 ${us(99.9)} µs",
      "  (the engine replays as fast as it can and the queue holds it back: these are waits in a full queue)"
    ).mkString("\n")
  }
}
