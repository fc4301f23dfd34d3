package mvt.trader

import mvt.core.*
import mvt.orderbook.{CommandTarget, Engine, TradingDay}

/**
 * An exchange that reports, after each command, whether the command moved the best bid or offer of its symbol
 * (price or quantity), to `listener`: the trading day's quote feed, delivered as calls instead of lines. Events
 * still go to `downstream`. Runs on the engine's thread; after the per-symbol arrays have grown, nothing is
 * allocated per command. Not thread-safe.
 */
final class BboTracker(engine: Engine, downstream: EventSink, listener: BboListener) extends CommandTarget {

  private val quotes: QuoteSink =
    (_: Timestamp, symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long) =>
      listener.bboChanged(symbol, bp, bq, ap, aq)

  private val day = new TradingDay(engine, downstream, None, Some(quotes))

  /** The exchange this tracker watches; submit commands through the tracker so each is checked. */
  val exchange = day.exchange

  def bookOf(symbol: Symbol): Int = day.bookOf(symbol)

  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit =
    day.add(book, id, side, price, qty, Account.House)

  override def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity, account: Account): Unit =
    day.add(book, id, side, price, qty, account)

  def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit =
    day.add(book, id, side, price, qty, account, tif)

  def cancel(book: Int, id: OrderId): Unit = day.cancel(book, id)

  /** A modify moves the top like any change: the trading day's quote feed reports it. */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = day.modify(book, id, price, qty)

  override def time(at: Timestamp): Unit = day.time(at)
}
