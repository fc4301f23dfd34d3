package mvt.cluster

import mvt.crdt.ClientId

/**
 * What the exchange tells the trader node that sent an order: a fill of `fillQty` units at `fillPriceRaw` (0 and
 * 0 for none), and whether the order is now closed (filled, cancelled or refused) so it can fill no more. `fills`
 * says which report it is: the fill's number among the order's fills (1 for its first), or for a report without
 * a fill how many fills came before it; the journal keeps the fills' order, so a report restated after an exchange
 * restart carries the number it had before, and a desk applies each fill once and in order. `ref` names this
 * sending ([[ExchangeReport]]). Crosses the network. Immutable.
 */
final case class OrderReport(
    account: ClientId,
    strategy: StrategyId,
    orderId: Long,
    buy: Boolean,
    fillQty: Long,
    fillPriceRaw: Long,
    closed: Boolean,
    fills: Int,
    ref: Long
) extends ExchangeReport
