package mvt.orderbook

import java.io.{ByteArrayInputStream, ByteArrayOutputStream}
import mvt.core.*

/** Runs commands text through an engine the way the library's users do, checking invariants after each command. */
object EngineRun {

  /** What came out: the events text, the format error that stopped the run (if any), and the snapshot text. */
  final case class Outcome(events: String, error: Option[FormatError], snapshot: String)

  /** Through `CsvEventWriter`, the production path. */
  def viaWriter(engine: Engine, input: Array[Byte]): Outcome = {
    val bytes = new ByteArrayOutputStream
    val writer = new CsvEventWriter(bytes)
    val exchange = new Exchange(engine, writer)
    val error = drive(input, exchange)
    writer.flush()
    Outcome(bytes.toString("UTF-8"), error, snapshotText(exchange.snapshot))
  }

  /** Through `Event.Collector` and `Event.render`, the value path. */
  def viaCollector(engine: Engine, input: Array[Byte]): Outcome = {
    val collector = new Event.Collector
    val exchange = new Exchange(engine, collector)
    val error = drive(input, exchange)
    Outcome(collector.result().map(_.render + "\n").mkString, error, snapshotText(exchange.snapshot))
  }

  def snapshotText(levels: Iterable[Level]): String = {
    val bytes = new ByteArrayOutputStream
    SnapshotWriter.write(levels, bytes)
    bytes.toString("UTF-8")
  }

  private def drive(input: Array[Byte], exchange: Exchange): Option[FormatError] = {
    val reader = new CommandReader(new ByteArrayInputStream(input))
    try {
      while (reader.next()) {
        if (reader.kind == CommandReader.Add)
          exchange.add(reader.symbol, reader.id, reader.side, reader.price, reader.qty)
        else exchange.cancel(reader.symbol, reader.id)
        try exchange.checkInvariants()
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
  }
}
