package mvt.cluster

import mvt.core.{Account, Symbol}
import mvt.crdt.ClientId
import mvt.trader.{BboUpdated, Decision}
import mvt.trader.pipeline.PreTradeCheck
import mvt.trader.strategy.TradingStrategy
import org.apache.pekko.actor.typed.receptionist.{Receptionist, ServiceKey}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, Behavior, PostStop}
import org.apache.pekko.cluster.ClusterEvent.MemberEvent
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import java.util.concurrent.atomic.LongAdder
import scala.collection.mutable
import scala.concurrent.duration.*
import scala.util.Success

/**
 * A trader node: it owns the share of the subscriptions that [[Shares]] gives it among the trader nodes that are
 * up, and follows the membership as nodes join and leave. Market updates go through the trader pipeline
 * ([[NodePipeline]]: queue policy, deadlines, interpreter), whose strategy asks every owned subscription's; each
 * decision comes back to the actor and to the subscription's [[SubscriptionDesk]], which makes it orders by the
 * shared rules of `mvt.trader.orders`. A buy is checked against today's blacklist and debited on the local ledger before it goes;
 * the exchange's reports (fills, closes) come back to the desk. Balance refusals and the realized loss of the
 * fills feed the [[TrustScore]], which bars the client for the day. A subscription that moves away withdraws its
 * open orders; the exchange cancels those of a node that left the cluster.
 */
object TraderNode {

  /** What the trader node handles; [[MarketUpdates]] and [[OrderReport]] cross the network. */
  trait Command

  private case object MembershipChanged extends Command
  private final case class Exchanges(refs: Set[ActorRef[ExchangeNode.Command]]) extends Command
  private final case class Settled(seq: Long, ok: Boolean) extends Command
  private final case class Decided(sub: Subscription, bbo: BboUpdated, decision: Decision) extends Command

  /** Trader nodes register under this key so the exchange finds them. */
  val Key: ServiceKey[Command] = ServiceKey[Command]("mvt-trader")

  /** The role every trader node has. */
  val Role = "trader"

  /** The largest position a subscription may hold in a symbol, either way. */
  val MaxPosition = 1_000L

  /** What a trader node did: counts readable from any thread, for its report. */
  final class Counters {
    val decisions = new LongAdder
    val approved = new LongAdder
    val refused = new LongAdder
    val orders = new LongAdder
    val cancels = new LongAdder
    val fills = new LongAdder
    val barredRefusals = new LongAdder
    @volatile var owned: Vector[Subscription] = Vector.empty
    @volatile var exchangesKnown: Int = 0
    @volatile var realizedCents: Long = 0L
    @volatile var pipeline: () => String = () => ""
    // the owned subscriptions' positions, taken by the actor whenever a fill or a takeover moves one
    @volatile var positions: Vector[NodeEvent.SubscriptionHeld] = Vector.empty
    val positionsAdopted = new LongAdder

    /** The counts so far, as the node reports them. */
    def status: NodeEvent.Status =
      NodeEvent.Status(
        owned.size,
        decisions.sum,
        orders.sum,
        cancels.sum,
        fills.sum,
        refused.sum,
        barredRefusals.sum,
        realizedCents,
        pipeline()
      )
  }

  /** Each subscription's nonzero positions, in label order; flat subscriptions are left out. */
  private def positionsOf(desks: Iterable[SubscriptionDesk]): Vector[NodeEvent.SubscriptionHeld] =
    desks.toVector.sortBy(_.sub.label).filter(_.held.nonEmpty).map(_.subscriptionHeld)

  // one message on its way to the exchange: a pending add waits for its write, and everything behind it waits too
  private final class Outgoing(val message: OrderMessage, var pending: Boolean, var dropped: Boolean)

  /**
   * A trader node over `ledger`, for `subs`, with a new strategy per owned subscription from `strategy`. `report`
   * receives an event each time the owned share changes, a taken-over position starts or a client is barred.
   */
  def apply(
      ledger: Ledger[?],
      blacklist: DayBlacklist,
      trust: TrustScore,
      provisionedCents: Long,
      subs: Vector[Subscription],
      strategy: Subscription => TradingStrategy,
      counters: Counters,
      report: NodeEvent => Unit,
      pipelineSettings: NodePipeline.Settings = NodePipeline.Settings.default
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
        // the sender's incarnation: a restarted node at the same address never repeats (node, seq)
        val node = Ledger.replicaId(ctx.system).value
        val accountOf = subs.map(_.account).distinct.zipWithIndex.map((a, i) => a -> Account(i + 1)).toMap
        var desks = Map.empty[Subscription, SubscriptionDesk]
        var exchanges = Set.empty[ActorRef[ExchangeNode.Command]]
        var seq = 0L
        val outbox = mutable.Queue.empty[Outgoing]
        val waiting = mutable.LongMap.empty[Outgoing]
        val rejects = mutable.HashMap.empty[String, Long]
        val pipeline = new NodePipeline(pipelineSettings, (sub, bbo, d) => ctx.self ! Decided(sub, bbo, d))
        counters.pipeline = () => pipeline.render

        def bar(account: String, why: String): Unit =
          if (!blacklist.isBarred(ClientId(account))) {
            blacklist.bar(ClientId(account))
            report(NodeEvent.Barred(account, blacklist.day.date.toString, why))
          }

        def lossOf(account: String): Long =
          desks.iterator.filter(_._1.account == account).map(_._2.result.loss).sum

        // a balance refusal and the realized loss of the fills both weigh in the trust score
        def judge(account: String): Unit = {
          val n = rejects.getOrElse(account, 0L)
          val loss = lossOf(account)
          if (trust.bars(n, loss, provisionedCents))
            bar(account, s"$n balance refusals, realized loss $loss cents")
        }

        def rejected(account: String): Unit = {
          counters.refused.increment()
          rejects.update(account, rejects.getOrElse(account, 0L) + 1L)
          judge(account)
        }

        // a desk trades only once the exchange said where its subscription stands; asked again until it answers
        def askPositions(): Unit =
          desks.valuesIterator.filterNot(_.ready).foreach { d =>
            exchanges.foreach(_ ! PositionRequest(node, d.sub.account, d.sub.strategy, ctx.self))
          }

        def flush(): Unit =
          while (outbox.nonEmpty && !outbox.head.pending) {
            val o = outbox.dequeue()
            if (!o.dropped) exchanges.foreach(_ ! o.message)
          }

        def send(m: OrderMessage, pending: Boolean): Unit = {
          if (m.isAdd) counters.orders.increment() else counters.cancels.increment()
          if (outbox.isEmpty && !pending) exchanges.foreach(_ ! m)
          else {
            val o = new Outgoing(m, pending, false)
            outbox.enqueue(o)
            if (pending) waiting.update(m.seq, o)
          }
        }

        def message(sub: Subscription, command: OrderCommand) = {
          seq += 1
          OrderMessage(node, seq, sub.account, sub.strategy, command, ctx.self)
        }

        val out = new SubscriptionDesk.Out {
          // no order is checked while no exchange is known: a debit for an order that cannot be sent would be lost
          def add(sub: Subscription, symbol: String, id: Long, buy: Boolean, price: Long, qty: Long)
              : Boolean =
            if (exchanges.isEmpty) false
            else if (blacklist.isBarred(ClientId(sub.account))) { counters.barredRefusals.increment(); false }
            else if (!buy) {
              send(message(sub, OrderCommand.Add(symbol, id, buy, price, qty, 0L)), pending = false)
              true
            } else {
              val cost = PreTradeCheck.Balance.costCents(price, qty)
              ledger.authorize(sub.account, cost) match {
                case Authorization.Approved =>
                  counters.approved.increment()
                  send(message(sub, OrderCommand.Add(symbol, id, buy, price, qty, cost)), pending = false)
                  true
                case Authorization.Refused =>
                  rejected(sub.account)
                  false
                case Authorization.Pending(outcome) =>
                  val m = message(sub, OrderCommand.Add(symbol, id, buy, price, qty, cost))
                  send(m, pending = true)
                  ctx.pipeToSelf(outcome)(r => Settled(m.seq, r == Success(true)))
                  true
              }
            }
          def cancel(sub: Subscription, symbol: String, id: Long): Unit =
            send(message(sub, OrderCommand.Cancel(symbol, id)), pending = false)
        }

        Behaviors.receiveMessage[Command] {
          case MembershipChanged =>
            val state = cluster.state
            val traders = state.members.iterator
              .filter(m => m.status == MemberStatus.Up && m.hasRole(Role))
              .map(_.address.hostPort)
              .toVector
            val mine = Shares.ownedBy(self, subs, traders)
            if (mine.toSet != desks.keySet) {
              // a subscription that moved away takes its open orders off the book
              desks.keys.filterNot(mine.contains).foreach { sub =>
                send(message(sub, OrderCommand.Withdraw), pending = false)
              }
              // a subscription taken over asks the peers for spending rights ahead of its first order (bounded mode)
              mine.filterNot(desks.contains).foreach(sub =>
                ledger.requestRights(sub.account, provisionedCents / 2)
              )
              desks = mine.map { s =>
                s -> desks.getOrElse(
                  s,
                  new SubscriptionDesk(s, strategy(s), accountOf(s.account), MaxPosition, out)
                )
              }.toMap
              pipeline.own(mine.map(s => s -> desks(s).strategy))
              counters.owned = mine
              counters.positions = positionsOf(desks.values)
              report(NodeEvent.Owns(System.currentTimeMillis, mine.map(_.label)))
            }
            askPositions()
            Behaviors.same
          case Exchanges(refs) =>
            exchanges = refs
            counters.exchangesKnown = refs.size
            askPositions()
            Behaviors.same
          case r: PositionReport =>
            desks.get(Subscription(r.account, r.strategy)).filterNot(_.ready).foreach { desk =>
              desk.start(r)
              if (desk.held.nonEmpty) {
                counters.positionsAdopted.increment()
                counters.positions = positionsOf(desks.values)
                report(NodeEvent.PositionStarted(
                  desk.subscriptionHeld,
                  System.currentTimeMillis,
                  r.withdrawn
                ))
              }
            }
            Behaviors.same
          case MarketUpdates(tops) =>
            tops.foreach { t =>
              Symbol.parse(t.symbol).foreach { sym =>
                pipeline.offer(BboUpdated.fromRaw(sym, t.bidPrice, t.bidQty, t.askPrice, t.askQty))
              }
            }
            Behaviors.same
          case Decided(sub, bbo, d) =>
            // a subscription that moved away since the decision no longer trades
            desks.get(sub).foreach { desk =>
              counters.decisions.increment()
              desk.act(bbo, d)
            }
            Behaviors.same
          case r: OrderReport =>
            desks.get(Subscription(r.account, r.strategy)).foreach { desk =>
              desk.report(r)
              if (r.fillQty > 0L) {
                counters.fills.increment()
                counters.realizedCents = desks.valuesIterator.map(_.result.realized).sum
                counters.positions = positionsOf(desks.values)
                judge(r.account)
              }
            }
            Behaviors.same
          case Settled(s, ok) =>
            waiting.remove(s).foreach { o =>
              o.pending = false
              if (ok) counters.approved.increment()
              else {
                o.dropped = true
                // only an add waits for its write
                o.message.command match {
                  case add: OrderCommand.Add =>
                    desks.get(Subscription(o.message.account, o.message.strategy)).foreach(
                      _.dropped(add.orderId)
                    )
                  case _ => ()
                }
                rejected(o.message.account)
              }
              flush()
            }
            Behaviors.same
          case _ =>
            Behaviors.unhandled
        }.receiveSignal { case (_, PostStop) =>
          pipeline.close()
          Behaviors.same
        }
      }
    }
}
