package mvt.cluster

/**
 * The exchange's top-of-book changes since its last publication, at most one per symbol (conflated): raw prices
 * in 1e-8 units, 0 for an empty side. Crosses the network from the exchange node to every trader node. Immutable.
 */
final case class MarketUpdates(updates: Vector[MarketUpdates.Top]) extends TraderNode.Command

object MarketUpdates {

  /** One symbol's best bid and offer. */
  final case class Top(symbol: String, bidPrice: Long, bidQty: Long, askPrice: Long, askQty: Long)
}
