package mvt.core

import java.io.OutputStream

/** Writes events as the spec's CSV lines without allocating per event. Call `flush()` when done. Not thread-safe. */
final class CsvEventWriter(out: OutputStream) extends EventSink {
  private val w = new AsciiOutput(out)

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    w.ascii("added,").ascii(symbol.name).comma().long(id.value).comma().ascii(side.render).comma()
      .price(price).comma().long(restingQty.units).newline()

  def executed(s: Symbol, buyId: OrderId, sellId: OrderId, p: Price, q: Quantity, aggressor: Side): Unit =
    w.ascii("executed,").ascii(s.name).comma().long(buyId.value).comma().long(sellId.value).comma()
      .price(p).comma().long(q.units).comma().ascii(aggressor.render).newline()

  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
    w.ascii("canceled,").ascii(symbol.name).comma().long(id.value).comma().long(canceledQty.units).newline()

  def cancelRejected(symbol: Symbol, id: OrderId): Unit =
    w.ascii("cancel-rejected,").ascii(symbol.name).comma().long(id.value).newline()

  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    w.ascii("rejected,").ascii(symbol.name).comma().long(id.value).comma().ascii(reason.text).newline()

  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
    w.ascii("expired,").ascii(symbol.name).comma().long(id.value).comma().long(qty.units).newline()

  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    w.ascii("modified,").ascii(symbol.name).comma().long(id.value).comma().ascii(side.render).comma()
      .price(price).comma().long(restingQty.units).newline()

  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    w.ascii("modify-rejected,").ascii(symbol.name).comma().long(id.value).comma().ascii(reason.text).newline()

  def flush(): Unit = w.flush()
}
