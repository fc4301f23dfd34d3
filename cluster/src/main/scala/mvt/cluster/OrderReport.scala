package mvt.cluster

import mvt.crdt.ClientId

/**
 * What the exchange tells the trader node that sent an order: a fill of `fillQty` units at `fillPriceRaw` (0 and
 * 0 for none), and whether the order is now closed (filled, cancelled or refused) so it can fill no more.
 * Crosses the network. Immutable.
 */
final case class OrderReport(
    account: ClientId,
    strategy: StrategyId,
    orderId: Long,
    buy: Boolean,
    fillQty: Long,
    fillPriceRaw: Long,
    closed: Boolean
) extends TraderNode.Command
