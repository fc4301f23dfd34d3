package mvt.cluster

/**
 * The exchange's answer to a [[PositionRequest]]: the subscription's net position per symbol with its cost at
 * average price, and its realized result, all from the fills the exchange matched for it (whichever node sent the
 * orders); `withdrawn` counts the other nodes' orders it cancelled to hand the subscription over. Crosses the
 * network. Immutable.
 */
final case class PositionReport(
    account: String,
    strategy: String,
    holdings: Vector[PositionReport.Holding],
    realizedCents: Long,
    withdrawn: Int
) extends TraderNode.Command

object PositionReport {

  /** One symbol's net position (positive long, negative short) and the cost of its absolute size in 1e-8 dollars. */
  final case class Holding(symbol: String, position: Long, costRaw: Long)
}
