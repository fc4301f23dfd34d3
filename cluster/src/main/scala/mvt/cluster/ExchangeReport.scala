package mvt.cluster

/**
 * What the exchange reports to a trader node about one of its orders ([[OrderReport]], [[ModifyReport]]): `ref`
 * names this sending of it, so the node's [[ReportAck]] stops the resends ([[ReportOutbox]]). Which report it is,
 * for the desk's dedupe, is in its own fields: stable across resends and across an exchange restart.
 */
trait ExchangeReport extends TraderNode.Command {
  def ref: Long
}
