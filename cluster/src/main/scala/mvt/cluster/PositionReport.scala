package mvt.cluster

import mvt.crdt.ClientId

/**
 * The exchange's answer to a [[PositionRequest]]: the subscription's net position per symbol with its cost at
 * average price, and its realized result, all from the fills the exchange matched for it (whichever node sent the
 * orders); `withdrawn` counts the other nodes' orders it cancelled to hand the subscription over; `epoch`
 * numbers this hand-over among the subscription's of the day (from 1), which places the new desk's order ids
 * ([[SubscriptionIds]]). Crosses the network. Immutable.
 */
final case class PositionReport(
    account: ClientId,
    strategy: StrategyId,
    holdings: Vector[PositionReport.Holding],
    realizedCents: Long,
    withdrawn: Int,
    epoch: Long = 0L
) extends TraderNode.Command

object PositionReport {

  /** One symbol's net position (positive long, negative short) and the cost of its absolute size in 1e-8 dollars. */
  final case class Holding(symbol: String, position: Long, costRaw: Long)
}
