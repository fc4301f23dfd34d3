package mvt.trader

import mvt.core.*
import mvt.orderbook.{CommandTarget, Engine, Exchange}

/**
 * An exchange that reports, after each command, whether the command moved the best bid or offer of its symbol
 * (price or quantity), to `listener`. Events still go to `downstream`. Runs on the engine's thread; after the
 * per-symbol arrays have grown, nothing is allocated per command. Not thread-safe.
 */
final class BboTracker(engine: Engine, downstream: EventSink, listener: BboListener)
    extends EventSink
    with CommandTarget {

  /** The exchange this tracker watches; submit commands through the tracker so each is checked. */
  val exchange = new Exchange(engine, this)

  // last reported top per book index, 0 for an empty side; a book starts empty on both sides
  private var top = new Array[Long](16 * 4)
  // the book that the current command's events touched, or -1 (one command touches one book)
  private var touched = -1

  def bookOf(symbol: Symbol): Int = exchange.bookOf(symbol)

  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit = {
    exchange.add(book, id, side, price, qty)
    afterCommand()
  }

  def cancel(book: Int, id: OrderId): Unit = {
    exchange.cancel(book, id)
    afterCommand()
  }

  private def afterCommand(): Unit = {
    val b = touched
    if (b >= 0) {
      touched = -1
      if ((b + 1) * 4 > top.length) top = java.util.Arrays.copyOf(top, math.max(top.length * 2, (b + 1) * 4))
      val bp = exchange.bestPrice(b, Side.Buy)
      val bq = exchange.bestQty(b, Side.Buy)
      val ap = exchange.bestPrice(b, Side.Sell)
      val aq = exchange.bestQty(b, Side.Sell)
      val i = b * 4
      if (bp != top(i) || bq != top(i + 1) || ap != top(i + 2) || aq != top(i + 3)) {
        top(i) = bp
        top(i + 1) = bq
        top(i + 2) = ap
        top(i + 3) = aq
        listener.bboChanged(exchange.symbolOf(b), bp, bq, ap, aq)
      }
    }
  }

  // only these three events can move a top; rejections leave the book as it was
  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
    touched = exchange.bookOf(symbol)
    downstream.added(symbol, id, side, price, restingQty)
  }

  def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = {
    touched = exchange.bookOf(s)
    downstream.executed(s, b, o, p, q, a)
  }

  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = {
    touched = exchange.bookOf(symbol)
    downstream.canceled(symbol, id, canceledQty)
  }

  def cancelRejected(symbol: Symbol, id: OrderId): Unit = downstream.cancelRejected(symbol, id)

  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    downstream.rejected(symbol, id, reason)
}
