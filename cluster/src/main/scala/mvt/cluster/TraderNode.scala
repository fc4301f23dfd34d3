package mvt.cluster

import mvt.core.Symbol
import mvt.crdt.ClientId
import mvt.trader.pipeline.PreTradeCheck
import mvt.trader.strategy.TradingStrategy
import mvt.trader.{BboUpdated, Decision}
import org.apache.pekko.actor.typed.receptionist.{Receptionist, ServiceKey}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, Behavior}
import org.apache.pekko.cluster.ClusterEvent.MemberEvent
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import java.util.concurrent.atomic.LongAdder
import scala.concurrent.duration.*
import scala.util.Success

/**
 * A trader node: it owns the share of the subscriptions that [[Shares]] gives it among the trader nodes that are
 * up, and follows the membership as nodes join and leave. For each market update and each owned subscription it
 * asks the subscription's strategy, checks a buy against today's blacklist and the local ledger, and sends the
 * exchange the order. Balance refusals count towards the [[TrustScore]], which bars the client for the day.
 * Sells are not traded: they would need positions, which the cluster does not replicate.
 */
object TraderNode {

  /** What the trader node handles; [[MarketUpdates]] crosses the network. */
  trait Command

  private case object MembershipChanged extends Command
  private final case class Exchanges(refs: Set[ActorRef[ExchangeNode.Command]]) extends Command
  private final case class Settled(order: OrderMessage, ok: Boolean) extends Command

  /** Trader nodes register under this key so the exchange finds them. */
  val Key: ServiceKey[Command] = ServiceKey[Command]("mvt-trader")

  /** The role every trader node has. */
  val Role = "trader"

  /** What a trader node did: counts readable from any thread, for its report. */
  final class Counters {
    val decisions = new LongAdder
    val approved = new LongAdder
    val refused = new LongAdder
    val orders = new LongAdder
    val sells = new LongAdder
    val barredRefusals = new LongAdder
    @volatile var owned: Vector[Subscription] = Vector.empty
    @volatile var exchangesKnown: Int = 0

    def render: String =
      s"owned=${owned.size} decisions=${decisions.sum} orders=${orders.sum} refused=${refused.sum} sells-skipped=${sells.sum} barred-refusals=${barredRefusals.sum}"
  }

  /**
   * A trader node over `ledger`, for `subs`, with a new strategy per owned subscription from `strategy`. `say`
   * receives a line each time the owned share changes.
   */
  def apply(
      ledger: Ledger[?],
      blacklist: DayBlacklist,
      trust: TrustScore,
      provisionedCents: Long,
      subs: Vector[Subscription],
      strategy: Subscription => TradingStrategy,
      counters: Counters,
      say: String => Unit
  ): Behavior[Command] =
    Behaviors.setup[Command] { ctx =>
      Behaviors.withTimers[Command] { timers =>
        val cluster = Cluster(ctx.system)
        ctx.system.receptionist ! Receptionist.Register(Key, ctx.self)
        ctx.system.receptionist ! Receptionist.Subscribe(
          ExchangeNode.Key,
          ctx.messageAdapter[Receptionist.Listing](l => Exchanges(l.serviceInstances(ExchangeNode.Key)))
        )
        cluster.subscriptions ! Subscribe(
          ctx.messageAdapter[MemberEvent](_ => MembershipChanged),
          classOf[MemberEvent]
        )
        // The subscription's first message is a snapshot, not a MemberEvent, so a node whose members were all up
        // before it subscribed would hear nothing: it computes its share now, and again every second.
        ctx.self ! MembershipChanged
        timers.startTimerWithFixedDelay(MembershipChanged, 1.second)
        val self = cluster.selfMember.address.hostPort
        var owned = Map.empty[Subscription, TradingStrategy]
        var exchanges = Set.empty[ActorRef[ExchangeNode.Command]]
        var seq = 0L
        val rejects = scala.collection.mutable.HashMap.empty[String, Long]

        // A balance refusal counts towards the trust score; the client's realized loss is not known to a trader
        // node (fills are the exchange's), so only the refusals weigh here.
        def rejected(account: String): Unit = {
          counters.refused.increment()
          val n = rejects.getOrElse(account, 0L) + 1L
          rejects.update(account, n)
          if (trust.bars(n, 0L, provisionedCents) && !blacklist.isBarred(ClientId(account))) {
            blacklist.bar(ClientId(account))
            say(s"barred $account for ${blacklist.day.date}: $n balance refusals")
          }
        }

        def send(order: OrderMessage): Unit = {
          counters.orders.increment()
          exchanges.foreach(_ ! order)
        }

        // No order is checked while no exchange is known: a debit for an order that cannot be sent would be lost.
        def trade(sub: Subscription, d: Decision): Unit =
          if (!d.side.isBuy) counters.sells.increment()
          else if (blacklist.isBarred(ClientId(sub.account))) counters.barredRefusals.increment()
          else if (exchanges.nonEmpty) {
            val cost = PreTradeCheck.Balance.costCents(d.price.raw, d.qty.units)
            if (cost > 0L) {
              seq += 1
              val order = Orders.fromDecision(self, seq, sub, d, cost)
              ledger.authorize(sub.account, cost) match {
                case Authorization.Approved =>
                  counters.approved.increment()
                  send(order)
                case Authorization.Refused =>
                  rejected(sub.account)
                case Authorization.Pending(outcome) =>
                  ctx.pipeToSelf(outcome)(r => Settled(order, r == Success(true)))
              }
            }
          }

        Behaviors.receiveMessage {
          case MembershipChanged =>
            val state = cluster.state
            val traders = state.members.iterator
              .filter(m => m.status == MemberStatus.Up && m.hasRole(Role))
              .map(_.address.hostPort)
              .toVector
            val mine = Shares.ownedBy(self, subs, traders)
            if (mine.toSet != owned.keySet) {
              // a subscription taken over asks the peers for spending rights ahead of its first order (bounded mode)
              mine.filterNot(owned.contains).foreach(sub =>
                ledger.requestRights(sub.account, provisionedCents / 2)
              )
              owned = mine.map(s => s -> owned.getOrElse(s, strategy(s))).toMap
              counters.owned = mine
              say(s"owns ${mine.size} at ${System.currentTimeMillis}: ${mine.map(_.label).mkString(",")}")
            }
            Behaviors.same
          case Exchanges(refs) =>
            exchanges = refs
            counters.exchangesKnown = refs.size
            Behaviors.same
          case MarketUpdates(tops) =>
            tops.foreach { t =>
              Symbol.parse(t.symbol).foreach { sym =>
                val bbo = BboUpdated.fromRaw(sym, t.bidPrice, t.bidQty, t.askPrice, t.askQty)
                owned.foreach { (sub, strat) =>
                  strat.decide(bbo).foreach { d =>
                    counters.decisions.increment()
                    trade(sub, d)
                  }
                }
              }
            }
            Behaviors.same
          case Settled(order, ok) =>
            if (ok) {
              counters.approved.increment()
              send(order)
            } else rejected(order.account)
            Behaviors.same
          case _ =>
            Behaviors.unhandled
        }
      }
    }
}
