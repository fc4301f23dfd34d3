package mvt.cluster

/**
 * An order a trader node sends the exchange on behalf of `account` and `strategy`, after the balance check
 * debited `costCents`. `node` names the sender and `seq` numbers its orders, so the exchange can tell whose
 * orders it has and none twice. Crosses the network. Immutable.
 */
final case class OrderMessage(
    node: String,
    seq: Long,
    account: String,
    strategy: String,
    symbol: String,
    buy: Boolean,
    priceRaw: Long,
    qty: Long,
    costCents: Long
) extends ExchangeNode.Command
