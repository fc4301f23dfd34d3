package mvt.cluster

import mvt.core.{EventSink, Symbol}
import mvt.orderbook.Engine
import mvt.trader.{BboListener, BboTracker}
import mvt.workload.{CommandSource, SourceError}

import java.io.InputStream

/**
 * Replays a day's command flow through the fast engine and hands every top-of-book change to `tops`. Runs on
 * the calling thread, a block of up to 8,192 commands at a time, sleeping `pauseMillis` after each block (0 runs
 * at full speed): the pace that spreads the day over a cluster run.
 */
object DayReplay {

  /** The number of commands applied, or the error that ended the source (the caller names the file). */
  def run(
      in: InputStream,
      tops: LatestTops,
      pauseMillis: Long,
      stop: () => Boolean
  ): Either[SourceError, Long] = {
    val listener: BboListener = (symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long) =>
      tops.put(MarketUpdates.Top(symbol.name, bp, bq, ap, aq))
    val tracker = new BboTracker(Engine.Fast, EventSink.Ignore, listener)
    CommandSource.open(in).flatMap { source =>
      var total = 0L
      var n = source.nextBlock()
      while (n > 0 && !stop()) {
        source.replayBlock(tracker)
        total += n
        if (pauseMillis > 0) Thread.sleep(pauseMillis)
        n = source.nextBlock()
      }
      source.error.filter(_ => n < 0).toLeft(total)
    }
  }
}
