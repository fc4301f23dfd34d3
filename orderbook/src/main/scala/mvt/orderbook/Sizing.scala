package mvt.orderbook

/**
 * How large an exchange's structures start. Pools double when full, and a doubling copies the pool while the
 * command that filled it waits; a deployment that knows its depth sizes them up front so that nothing grows while
 * it trades. Only the fast engine's pools and the shared id index use it; the historical engines grow as they go.
 */
final case class Sizing(ordersPerBook: Int, levelsPerBook: Int, indexedOrders: Int) {
  require(
    ordersPerBook >= 1 && levelsPerBook >= 1 && indexedOrders >= 1,
    s"sizes must be positive: $ordersPerBook orders and $levelsPerBook levels a book, $indexedOrders indexed orders"
  )
}

object Sizing {

  /** Small, growing as needed: a few thousand live orders keep their index in a core's L2. */
  val Default: Sizing = Sizing(ordersPerBook = 1024, levelsPerBook = 64, indexedOrders = 1024)

  /**
   * Room for `orders` resting orders in each of `books` books up front, a level per four orders (the flows here
   * rest a few orders a level), and an index for all of them.
   */
  def upFront(orders: Int, books: Int): Sizing = {
    val indexed = math.min(1L << 24, orders.toLong * math.max(1, books)).toInt
    Sizing(orders, math.max(64, orders / 4), indexed)
  }
}
