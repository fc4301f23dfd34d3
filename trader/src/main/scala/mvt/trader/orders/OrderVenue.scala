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
   * A new price and quantity for order `id` (`spec/order-types.md`). A venue that applies it before returning
   * (its fills reach the strategy within the call) is asked `restingQty` right after; one that [[amendsLater]]
   * answers later through `StrategyOrders.amended` or `StrategyOrders.amendRefused`.
   */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit

  /**
   * True for a remote venue whose answer to a modify comes after `modify` returns (the strategy's view of the
   * order waits for it); false, the default, for an engine that applies it within the call.
   */
  def amendsLater: Boolean = false

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
