package mvt.cluster

import org.apache.pekko.actor.typed.ActorRef

/**
 * What a trader node asks of the exchange for one subscription: add an order, cancel one, or withdraw (cancel
 * every order of the subscription this node still has open, when the subscription moves away). `node` names the
 * sender's incarnation and `seq` numbers its messages, so the exchange records each once; `orderId` is the
 * strategy's own id (`mvt.trader.orders.StrategyIds`), unique for (node, account, strategy). A buy was debited
 * `costCents` by the balance check before it was sent; a sell costs nothing. Reports on the order go to `replyTo`.
 * Crosses the network. Immutable.
 */
final case class OrderMessage(
    kind: Int,
    node: String,
    seq: Long,
    account: String,
    strategy: String,
    symbol: String,
    orderId: Long,
    buy: Boolean,
    priceRaw: Long,
    qty: Long,
    costCents: Long,
    replyTo: ActorRef[TraderNode.Command]
) extends ExchangeNode.Command
    with ExchangeDay.Inbound {
  def isAdd: Boolean = kind == OrderMessage.Add
}

object OrderMessage {
  inline val Add = 0
  inline val Cancel = 1
  inline val Withdraw = 2
}
