package mvt.core

/**
 * Receives the quote feed: a book's new top after a command that changed it. Prices are raw units and an empty
 * side is price 0 and quantity 0. Engine thread only.
 */
trait QuoteSink {
  def quote(time: Timestamp, symbol: Symbol, bidPrice: Long, bidQty: Long, askPrice: Long, askQty: Long): Unit
}
