package mvt.cluster

import mvt.crdt.ClientId
import org.apache.pekko.actor.typed.ActorRef

/**
 * One [[OrderCommand]] of a trader node for the subscription (`account`, `strategy`). `node` names the sender's
 * incarnation and `seq` numbers its messages, so the exchange records each once. Reports on the order go to
 * `replyTo`. Crosses the network. Immutable.
 */
final case class OrderMessage(
    node: NodeId,
    seq: Long,
    account: ClientId,
    strategy: StrategyId,
    command: OrderCommand,
    replyTo: ActorRef[TraderNode.Command]
) extends ExchangeNode.Command
    with ExchangeDay.Inbound {

  def isAdd: Boolean = command.isInstanceOf[OrderCommand.Add]

  /** What the balance check debited for this message: a buy's cost or a buy's modified cost, 0 for anything else. */
  def costCents: Long = command match {
    case a: OrderCommand.Add => a.costCents
    case m: OrderCommand.Modify => m.costCents
    case _ => 0L
  }
}
