package mvt.workload

import mvt.core.{CsvEventWriter, QuoteFeedWriter, SnapshotWriter, TradeFeedWriter}
import mvt.orderbook.{Engine, TradingDay}

import java.io.OutputStream

/** `mvt match`'s run: a command stream through one engine's trading day, its events and chosen feeds written. */
object MatchRun {

  /**
   * Replays `source` (or the error that opening it gave) into a trading day of `engine`, writing the spec's
   * events to `events`, the feeds and the final books' depth where asked. What came before a bad line or record
   * is written, the snapshot too; the error is the result. Blocks on the streams.
   */
  def apply(
      source: Either[SourceError, CommandSource],
      engine: Engine,
      events: OutputStream,
      trades: Option[OutputStream],
      quotes: Option[OutputStream],
      snapshot: Option[OutputStream]
  ): Either[SourceError, Long] = {
    val writer = new CsvEventWriter(events)
    val tradeFeed = trades.map(new TradeFeedWriter(_))
    val quoteFeed = quotes.map(new QuoteFeedWriter(_))
    val day = new TradingDay(engine, writer, tradeFeed, quoteFeed)
    val result = source.flatMap(_.replayAll(day))
    writer.flush()
    tradeFeed.foreach(_.flush())
    quoteFeed.foreach(_.flush())
    // the snapshot shows the books after the last command applied, also after a format error
    snapshot.foreach(out => SnapshotWriter.write(day.exchange.snapshot, out))
    result
  }
}
