package mvt.cluster

import mvt.crdt.ClientId
import org.apache.pekko.actor.typed.ActorRef

/**
 * A trader node (incarnation `node`) took over the subscription (`account`, `strategy`) and asks the exchange where
 * it stands before its first order. The exchange makes the sender the subscription's owner: it cancels the orders
 * other nodes still hold for it (credited back) and refuses their adds from then on, so the answer (a
 * [[PositionReport]] to `replyTo`) is final until the new owner's own fills. Crosses the network. Immutable.
 */
final case class PositionRequest(
    node: NodeId,
    account: ClientId,
    strategy: StrategyId,
    replyTo: ActorRef[TraderNode.Command]
) extends ExchangeNode.Command
    with ExchangeDay.Inbound
