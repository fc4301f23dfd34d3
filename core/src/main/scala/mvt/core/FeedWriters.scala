package mvt.core

import java.io.OutputStream

/**
 * Decides line by line whether a feed writer writes: recovery's gate, which drops the lines a feed file already
 * holds before they are formatted and checks the last of them. Engine thread only.
 */
trait LineGate {

  /** For the next line: 0 drops it unformatted, 1 formats it between `probeStart` and `probeEnd`, 2 writes it. */
  def next(): Int

  /** The writer is flushed and about to format the probed line. */
  def probeStart(): Unit

  /** The writer has formatted and flushed the probed line. */
  def probeEnd(): Unit
}

/** A feed writer's output behind an optional gate (null for none), without allocating per line. */
sealed abstract class FeedLines(out: OutputStream, gate: LineGate) {
  protected final val w = new AsciiOutput(out)

  // formats one line with `line` unless the gate drops it; inlined, so no closure per line
  protected final inline def gated(inline line: Unit): Unit = {
    val k = if (gate eq null) 2 else gate.next()
    if (k != 0) {
      if (k == 1) { w.flush(); gate.probeStart() }
      line
      if (k == 1) { w.flush(); gate.probeEnd() }
    }
  }

  def flush(): Unit = w.flush()
}

/**
 * Writes the trade feed's CSV lines (no header) without allocating per trade, each line through `gate` if any.
 * Call `flush()` when done. Not thread-safe.
 */
final class TradeFeedWriter(out: OutputStream, gate: LineGate = null) extends FeedLines(out, gate)
    with TradeSink {

  def trade(
      time: Timestamp,
      symbol: Symbol,
      price: Price,
      qty: Quantity,
      buyId: OrderId,
      buyAccount: Account,
      sellId: OrderId,
      sellAccount: Account,
      aggressor: Side
  ): Unit = gated {
    w.ascii("trade,").timestamp(time).comma().ascii(symbol.name).comma().price(price).comma().long(qty.units)
      .comma().long(buyId.value).comma().long(buyAccount.value.toLong).comma().long(sellId.value).comma()
      .long(sellAccount.value.toLong).comma().ascii(aggressor.render).newline()
  }
}

/**
 * Writes the quote feed: its header at once (past any gate), then one line per top-of-book change, each through
 * `gate` if any. Not thread-safe.
 */
final class QuoteFeedWriter(out: OutputStream, gate: LineGate = null) extends FeedLines(out, gate)
    with QuoteSink {
  w.ascii(QuoteFeedWriter.Header).newline()

  def quote(
      time: Timestamp,
      symbol: Symbol,
      bidPrice: Long,
      bidQty: Long,
      askPrice: Long,
      askQty: Long
  ): Unit = gated {
    w.timestamp(time).comma().ascii(symbol.name).comma()
    side(bidPrice, bidQty)
    w.comma()
    side(askPrice, askQty)
    w.newline()
  }

  // an empty side is two empty fields
  private def side(price: Long, qty: Long): Unit =
    if (qty != 0L) w.price(Price.fromRaw(price)).comma().long(qty) else w.comma()
}

object QuoteFeedWriter {
  val Header = "time,symbol,bid,bid_size,ask,ask_size"
}
