package mvt.workload

import mvt.core.*
import mvt.orderbook.CommandColumns

/**
 * Writes a command stream in one of the two formats: a commands file (`CommandCsvWriter`) or a command log
 * (`CommandLogWriter`). `finish` completes the output; a stream that is not finished is incomplete. Not
 * thread-safe.
 */
trait CommandWriter {

  /**
   * An add; `account` 0 is the house. A price or quantity may be out of range: the engine rejects it. A time in
   * force other than GTC is written in the 8-field form.
   */
  def add(
      symbol: Symbol,
      id: Long,
      side: Side,
      price: Long,
      qty: Long,
      account: Int,
      tif: TimeInForce = TimeInForce.Gtc
  ): Unit

  def cancel(symbol: Symbol, id: Long): Unit

  /** A modify; its price or quantity may be out of range, as an add's. */
  def modify(symbol: Symbol, id: Long, price: Long, qty: Long): Unit

  /** Sets the session clock, in nanoseconds since the epoch, for the commands after it. */
  def time(nanos: Long): Unit

  /** Flushes, and for a log writes the trailer that marks it complete. */
  def finish(): Unit

  /**
   * Flushes what was written without completing the stream, for an input that failed part way: the commands
   * so far are kept, and a log, having no trailer, reads as truncated after them.
   */
  def abandon(): Unit
}

object CommandWriter {

  /** Writes commands `[from, until)` held in columns (a batch's or a source's block) to `w`. */
  def write(
      w: CommandWriter,
      symbols: scala.collection.IndexedSeq[Symbol],
      c: CommandColumns,
      from: Int,
      until: Int
  ): Unit = {
    var i = from
    while (i < until) {
      val k = c.kinds(i).toInt
      if (k == CommandReader.Add)
        w.add(
          symbols(c.symbolIdx(i)),
          c.ids(i),
          Side.fromCode(c.sides(i)),
          c.prices(i),
          c.qtys(i),
          c.accounts(i),
          TimeInForce.fromCode(c.tifs(i))
        )
      else if (k == CommandReader.Cancel) w.cancel(symbols(c.symbolIdx(i)), c.ids(i))
      else if (k == CommandReader.Modify) w.modify(symbols(c.symbolIdx(i)), c.ids(i), c.prices(i), c.qtys(i))
      else w.time(c.ids(i))
      i += 1
    }
  }
}

/**
 * Writes the spec's commands file. A price or quantity that was unrepresentable in the source is written as
 * `0`, which the engine rejects for the same reason. Allocates nothing per command.
 */
final class CommandCsvWriter(out: java.io.OutputStream) extends CommandWriter {
  private val w = new AsciiOutput(out)

  def add(
      symbol: Symbol,
      id: Long,
      side: Side,
      price: Long,
      qty: Long,
      account: Int,
      tif: TimeInForce
  ): Unit = {
    w.ascii("add,").ascii(symbol.name).comma().long(id).comma().ascii(side.render).comma()
      .price(Price.fromRaw(math.max(0L, price))).comma().long(math.max(0L, qty))
    if (tif != TimeInForce.Gtc) {
      // the 8-field form: the house's account field is empty
      w.comma()
      if (account != 0) w.long(account.toLong)
      w.comma().ascii(tif.render)
    } else if (account != 0) w.comma().long(account.toLong)
    w.newline()
  }

  def modify(symbol: Symbol, id: Long, price: Long, qty: Long): Unit =
    w.ascii("modify,").ascii(symbol.name).comma().long(id).comma().price(Price.fromRaw(math.max(0L, price)))
      .comma()
      .long(math.max(0L, qty)).newline()

  def cancel(symbol: Symbol, id: Long): Unit =
    w.ascii("cancel,").ascii(symbol.name).comma().long(id).newline()

  def time(nanos: Long): Unit = w.ascii("time,").timestamp(Timestamp.fromEpochNanos(nanos)).newline()

  def finish(): Unit = w.flush()

  def abandon(): Unit = w.flush()
}
