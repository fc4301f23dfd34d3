package mvt.cluster

import org.apache.pekko.actor.typed.receptionist.{Receptionist, ServiceKey}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, Behavior}
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}
import org.apache.pekko.cluster.{ClusterEvent, Member}

import java.util.concurrent.ConcurrentLinkedQueue
import scala.concurrent.duration.FiniteDuration

/**
 * The exchange node's link to the traders: every `publishEvery` it sends each trader node the top-of-book changes of
 * the day since the last time (conflated per symbol), and a trader node it hears of for the first time (a late joiner,
 * a restart) the latest top of every symbol first, so it never waits for a quiet symbol to move; it hands the orders
 * the traders send, and their acknowledgements of its reports, to the engine's thread through `inbox`. When a trader
 * node leaves its view it tells the engine to cancel that node's open orders (a killed node cannot cancel its own),
 * when one comes back to resend it the reports it has not acknowledged, and once a node is removed, to take over its
 * ledger replica's entries (`bounded`).
 */
object ExchangeNode {

  /** What the exchange node handles; [[OrderMessage]], [[PositionRequest]] and [[ReportAck]] cross the network. */
  trait Command

  private case object Publish extends Command
  private final case class Traders(refs: Set[ActorRef[TraderNode.Command]]) extends Command
  private final case class Removed(member: Member) extends Command

  /** The exchange registers under this key so the traders find it. */
  val Key: ServiceKey[Command] = ServiceKey[Command]("mvt-exchange")

  /** The role of the exchange node. */
  val Role: NodeRole = NodeRole.Exchange

  def apply(
      tops: LatestTops,
      inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound],
      publishEvery: FiniteDuration
  ): Behavior[Command] =
    Behaviors.setup { ctx =>
      ctx.system.receptionist ! Receptionist.Register(Key, ctx.self)
      ctx.system.receptionist ! Receptionist.Subscribe(
        TraderNode.Key,
        ctx.messageAdapter[Receptionist.Listing](l => Traders(l.serviceInstances(TraderNode.Key)))
      )
      Cluster(ctx.system).subscriptions ! Subscribe(
        ctx.messageAdapter[ClusterEvent.MemberRemoved](e => Removed(e.member)),
        classOf[ClusterEvent.MemberRemoved]
      )
      Behaviors.withTimers { timers =>
        timers.startTimerWithFixedDelay(Publish, publishEvery)
        var traders = Set.empty[ActorRef[TraderNode.Command]]
        // every symbol's top as last published: the snapshot a trader node new to the list starts from
        var published = Map.empty[String, MarketUpdates.Top]
        Behaviors.receiveMessage {
          case Publish =>
            val batch = tops.drain()
            if (batch.nonEmpty) {
              published = published ++ batch.map(t => t.symbol -> t)
              traders.foreach(_ ! MarketUpdates(batch))
            }
            Behaviors.same
          case Traders(refs) =>
            (traders -- refs).foreach(gone => inbox.add(ExchangeDay.NodeGone(gone)))
            (refs -- traders).foreach { back =>
              if (published.nonEmpty) back ! MarketUpdates(published.values.toVector.sortBy(_.symbol))
              inbox.add(ExchangeDay.TraderBack(back))
            }
            traders = refs
            tops.subscribers = refs.size
            Behaviors.same
          case o: OrderMessage =>
            inbox.add(o)
            Behaviors.same
          case r: PositionRequest =>
            inbox.add(r)
            Behaviors.same
          case a: ReportAck =>
            inbox.add(a)
            Behaviors.same
          case Removed(m) =>
            if (m.hasRole(TraderNode.Role.label))
              inbox.add(ExchangeDay.ReplicaGone(Ledger.replicaIdOf(m.uniqueAddress)))
            Behaviors.same
          case _ =>
            Behaviors.unhandled
        }
      }
    }
}
