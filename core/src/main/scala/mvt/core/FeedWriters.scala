package mvt.core

import java.io.OutputStream

/** Writes the trade feed's CSV lines (no header) without allocating per trade. Call `flush()` when done. Not thread-safe. */
final class TradeFeedWriter(out: OutputStream) extends TradeSink {
  private val w = new AsciiOutput(out)

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
  ): Unit =
    w.ascii("trade,").timestamp(time).comma().ascii(symbol.name).comma().price(price).comma().long(qty.units)
      .comma().long(buyId.value).comma().long(buyAccount.value.toLong).comma().long(sellId.value).comma()
      .long(sellAccount.value.toLong).comma().ascii(aggressor.render).newline()

  def flush(): Unit = w.flush()
}

/** Writes the quote feed: its header at once, then one line per top-of-book change. Not thread-safe. */
final class QuoteFeedWriter(out: OutputStream) extends QuoteSink {
  private val w = new AsciiOutput(out)
  w.ascii(QuoteFeedWriter.Header).newline()

  def quote(
      time: Timestamp,
      symbol: Symbol,
      bidPrice: Long,
      bidQty: Long,
      askPrice: Long,
      askQty: Long
  ): Unit = {
    w.timestamp(time).comma().ascii(symbol.name).comma()
    side(bidPrice, bidQty)
    w.comma()
    side(askPrice, askQty)
    w.newline()
  }

  // an empty side is two empty fields
  private def side(price: Long, qty: Long): Unit =
    if (qty != 0L) w.price(Price.fromRaw(price)).comma().long(qty) else w.comma()

  def flush(): Unit = w.flush()
}

object QuoteFeedWriter {
  val Header = "time,symbol,bid,bid_size,ask,ask_size"
}
