package mvt.trader
package orders

import mvt.core.*
import mvt.orderbook.TradingDay

/**
 * Where `StrategyOrders` sends its commands: a trading day's engine, or anything that forwards to one (a
 * backtest that also writes the merged day). Books are the venue's book indexes. Called on the engine's thread.
 */
trait OrderVenue {

  /** The session clock. */
  def now: Timestamp

  /** Moves the session clock forward to `at`. */
  def time(at: Timestamp): Unit

  def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit

  def cancel(book: Int, id: OrderId): Unit

  /**
   * A new price and quantity for order `id` (`spec/order-types.md`). Only for a venue that applies it before
   * returning (its fills reach the strategy within the call), since `StrategyOrders` reads `restingQty` right
   * after; a venue that cannot is run with `OrderRules.amendInPlace` off and is never asked.
   */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit

  /** True while order `id` rests in a book. */
  def isLive(id: OrderId): Boolean

  /** The quantity of order `id` resting now, 0 when it does not rest. */
  def restingQty(id: OrderId): Long
}

object OrderVenue {

  /** The venue of a trading day itself. */
  def of(day: TradingDay): OrderVenue = new OrderVenue {
    def now: Timestamp = day.now
    def time(at: Timestamp): Unit = day.time(at)
    def add(
        book: Int,
        id: OrderId,
        side: Side,
        price: Price,
        qty: Quantity,
        account: Account,
        tif: TimeInForce
    ): Unit = day.add(book, id, side, price, qty, account, tif)
    def cancel(book: Int, id: OrderId): Unit = day.cancel(book, id)
    def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = day.modify(book, id, price, qty)
    def isLive(id: OrderId): Boolean = day.exchange.isLive(id)
    def restingQty(id: OrderId): Long = day.exchange.restingQty(id)
  }
}
