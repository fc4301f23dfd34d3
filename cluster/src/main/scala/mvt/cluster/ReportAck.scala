package mvt.cluster

/**
 * A trader node has the exchange's report `ref` ([[OrderReport]] or [[ModifyReport]]): applied, or recognised as
 * one it applied before (or as one no desk of the node needs any more). The exchange stops resending it. Sent again
 * for a duplicate. Crosses the network. Immutable.
 */
final case class ReportAck(ref: Long) extends ExchangeNode.Command with ExchangeDay.Inbound
