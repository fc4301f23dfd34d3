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

  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity, account: Account): Unit

  def cancel(book: Int, id: OrderId): Unit

  /** True while order `id` rests in a book. */
  def isLive(id: OrderId): Boolean
}

object OrderVenue {

  /** The venue of a trading day itself. */
  def of(day: TradingDay): OrderVenue = new OrderVenue {
    def now: Timestamp = day.now
    def time(at: Timestamp): Unit = day.time(at)
    def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity, account: Account): Unit =
      day.add(book, id, side, price, qty, account)
    def cancel(book: Int, id: OrderId): Unit = day.cancel(book, id)
    def isLive(id: OrderId): Boolean = day.exchange.isLive(id)
  }
}
