package mvt.cluster

import scala.collection.mutable

/**
 * The exchange's record of one subscription's fills, whichever node sent its orders: per symbol the net position
 * and its cost at average price, and the realized result ([[RealizedLoss]], as the desks keep it). What a node that
 * takes the subscription over starts from. Not thread-safe: the exchange's replay thread owns it.
 */
final class SubscriptionBook {

  private val books = mutable.LinkedHashMap.empty[String, Int]
  private val result = new RealizedLoss

  /** A fill of this subscription's order in `symbol`. */
  def fill(symbol: String, buy: Boolean, priceRaw: Long, qty: Long): Unit =
    result.fill(books.getOrElseUpdate(symbol, books.size), buy, priceRaw, qty)

  /** The net position in `symbol` (0 if never traded). */
  def position(symbol: String): Long = books.get(symbol).fold(0L)(result.position)

  /** Every symbol traded, with its position and cost (flat ones included). */
  def holdings: Vector[PositionReport.Holding] =
    books.iterator.map((s, b) => PositionReport.Holding(s, result.position(b), result.cost(b))).toVector

  /** What closed round trips made, in cents. */
  def realized: Long = result.realized
}
