package mvt.orderbook

import java.io.{ByteArrayInputStream, ByteArrayOutputStream}
import mvt.core.*

/** Runs commands text through an engine the way the library's users do, checking invariants after each command. */
object EngineRun {

  /**
   * What came out: the events text, the format error that stopped the run (if any), the snapshot text, and the
   * trade and quote feeds.
   */
  final case class Outcome(
      events: String,
      error: Option[FormatError],
      snapshot: String,
      trades: String,
      quotes: String
  )

  /** Through `CsvEventWriter` and the feed writers, the production path. */
  def viaWriter(engine: Engine, input: Array[Byte]): Outcome = {
    val bytes = new ByteArrayOutputStream
    val writer = new CsvEventWriter(bytes)
    val (error, snapshot, trades, quotes) = drive(engine, input, writer)
    writer.flush()
    Outcome(bytes.toString("UTF-8"), error, snapshot, trades, quotes)
  }

  /** Through `Event.Collector` and `Event.render`, the value path. */
  def viaCollector(engine: Engine, input: Array[Byte]): Outcome = {
    val collector = new Event.Collector
    val (error, snapshot, trades, quotes) = drive(engine, input, collector)
    Outcome(collector.result().map(_.render + "\n").mkString, error, snapshot, trades, quotes)
  }

  def snapshotText(levels: Iterable[Level]): String = {
    val bytes = new ByteArrayOutputStream
    SnapshotWriter.write(levels, bytes)
    bytes.toString("UTF-8")
  }

  private def drive(
      engine: Engine,
      input: Array[Byte],
      sink: EventSink
  ): (Option[FormatError], String, String, String) = {
    val tradeBytes = new ByteArrayOutputStream
    val quoteBytes = new ByteArrayOutputStream
    val trades = new TradeFeedWriter(tradeBytes)
    val quotes = new QuoteFeedWriter(quoteBytes)
    val day = new TradingDay(engine, sink, Some(trades), Some(quotes))
    val reader = new CommandReader(new ByteArrayInputStream(input))
    val error =
      try {
        while (reader.next()) {
          day.apply(reader.command)
          try day.exchange.checkInvariants()
          catch {
            case e: IllegalStateException =>
              throw new AssertionError(
                s"after line ${reader.lineNumber} (${reader.command.render}): ${e.getMessage}",
                e
              )
          }
        }
        None
      } catch { case e: FormatError => Some(e) }
    trades.flush()
    quotes.flush()
    (error, snapshotText(day.exchange.snapshot), tradeBytes.toString("UTF-8"), quoteBytes.toString("UTF-8"))
  }
}
