package mvt.cluster

import mvt.core.{Account, Symbol, TimeInForce}
import mvt.crdt.ClientId
import mvt.cluster.history.HistoryWriter
import mvt.trader.{BboUpdated, Decision}
import mvt.trader.pipeline.PreTradeCheck
import mvt.trader.strategy.TradingStrategy
import org.apache.pekko.actor.typed.receptionist.{Receptionist, ServiceKey}
import org.apache.pekko.actor.typed.scaladsl.{ActorContext, Behaviors, TimerScheduler}
import org.apache.pekko.actor.typed.{ActorRef, Behavior, PostStop}
import org.apache.pekko.cluster.ClusterEvent.MemberEvent
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import java.util.concurrent.atomic.LongAdder
import scala.concurrent.duration.*

/**
 * A trader node: it owns the share of the subscriptions that [[Shares]] gives it among the trader nodes that are
 * up, and follows the membership as nodes join and leave. Market updates go through the trader pipeline
 * ([[NodePipeline]]: queue policy, deadlines, interpreter), whose strategy asks every owned subscription's; each
 * decision comes back to the actor and to the subscription's [[SubscriptionDesk]], which makes it orders by the
 * shared rules of `mvt.trader.orders`. A buy is checked against today's blacklist and debited on the local ledger before it goes;
 * the exchange's reports (fills, closes, modifies' answers) come back to the desk, which applies each once, and
 * are acknowledged ([[ReportAck]]) so the exchange stops resending them. Balance refusals and the realized loss
 * of the fills feed the [[TrustScore]], which bars the client for the day. A subscription that moves away withdraws
 * its open orders; the exchange cancels those of a node that left the cluster.
 */
object TraderNode {

  /** What the trader node handles; [[MarketUpdates]] and [[OrderReport]] cross the network. */
  trait Command

  private case object MembershipChanged extends Command
  private final case class Exchanges(refs: Set[ActorRef[ExchangeNode.Command]]) extends Command
  private final case class Settled(seq: Long, outcome: Authorization) extends Command
  private case object Resend extends Command
  private final case class Decided(sub: Subscription, bbo: BboUpdated, decision: Decision) extends Command

  /** Trader nodes register under this key so the exchange finds them. */
  val Key: ServiceKey[Command] = ServiceKey[Command]("mvt-trader")

  /** The role every trader node has. */
  val Role: NodeRole = NodeRole.Trader

  /** How often a trader node sends again what the exchange has not acknowledged. */
  val ResendEvery: FiniteDuration = 1.second

  /** The largest position a subscription may hold in a symbol, either way. */
  val MaxPosition = 1_000L

  /** What a trader node did: counts readable from any thread, for its report. */
  final class Counters {
    val decisions = new LongAdder
    val approved = new LongAdder
    val refused = new LongAdder
    val orders = new LongAdder
    val cancels = new LongAdder
    val modifies = new LongAdder
    val fills = new LongAdder
    val barredRefusals = new LongAdder
    // the exchange's reports heard again (or on no order a desk waits on), and heard before a lost one ahead
    val reportDuplicates = new LongAdder
    val reportsEarly = new LongAdder
    @volatile var owned: Vector[Subscription] = Vector.empty
    @volatile var unacknowledged: Int = 0 // order messages the exchange has not acknowledged yet
    @volatile var resent: Long = 0L // order messages sent again
    @volatile var exchangesKnown: Int = 0
    @volatile var realizedCents: Long = 0L
    @volatile var pipeline: () => String = () => ""
    // the owned subscriptions' positions, taken by the actor whenever a fill or a takeover moves one
    @volatile var positions: Vector[NodeEvent.SubscriptionHeld] = Vector.empty
    // the owned subscriptions that do not trade yet: the exchange has not said where they stand
    @volatile var waiting: Vector[String] = Vector.empty
    val positionsAdopted = new LongAdder
    val authorizations = new AuthorizationTimes

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

  /** The labels of the subscriptions whose desks wait for the exchange's position, in label order. */
  private def waitingOf(desks: Iterable[SubscriptionDesk]): Vector[String] =
    desks.iterator.filterNot(_.ready).map(_.sub.label).toVector.sorted

  /**
   * What a trader node works with: its replicas, its rules and where it reports. It trades `subs`, with a new
   * strategy per owned subscription from `strategy`; `report` receives an event each time the owned share
   * changes, a taken-over position starts or a client is barred.
   */
  final case class Deps(
      ledger: Ledger[?],
      blacklist: DayBlacklist,
      trust: TrustScore,
      provisionedCents: Long,
      subs: Vector[Subscription],
      strategy: Subscription => TradingStrategy,
      counters: Counters,
      report: NodeEvent => Unit,
      pipelineSettings: NodePipeline.Settings = NodePipeline.Settings.default
  )

  /** A trader node working with `deps`. */
  def apply(deps: Deps): Behavior[Command] =
    Behaviors.setup[Command](ctx =>
      Behaviors.withTimers[Command](timers => new Trader(ctx, timers, deps).behavior)
    )

  /** One trader node's actor: its desks, its outbox, its judge of clients, and a handler per message. */
  private final class Trader(ctx: ActorContext[Command], timers: TimerScheduler[Command], deps: Deps) {
    import deps.*

    private val cluster = Cluster(ctx.system)
    private val self = cluster.selfMember.address.hostPort
    // the sender's incarnation: a restarted node at the same address never repeats (node, seq)
    private val node = NodeId(Ledger.replicaId(ctx.system).value)
    private val accountOf = subs.map(_.account).distinct.zipWithIndex.map((a, i) => a -> Account(i + 1)).toMap
    private var desks = Map.empty[Subscription, SubscriptionDesk]
    private var exchanges = Set.empty[ActorRef[ExchangeNode.Command]]
    private var seq = 0L
    private val outbox = new Outbox(m => exchanges.foreach(_ ! m))
    // a balance refusal and the realized loss of the fills both weigh in the trust score
    private val judge = new TrustJudge(
      trust,
      provisionedCents,
      account => desks.iterator.filter(_._1.account == account).map(_._2.result.loss).sum,
      account => blacklist.isBarred(account),
      (account, why) => {
        blacklist.bar(account)
        report(NodeEvent.Barred(account, blacklist.day.date.toString, why))
      }
    )
    private val pipeline =
      new NodePipeline(pipelineSettings, (sub, bbo, d) => ctx.self ! Decided(sub, bbo, d))

    def behavior: Behavior[Command] = {
      counters.pipeline = () => pipeline.render
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
      // what the exchange has not acknowledged goes again: a message lost with a link or an exchange's crash
      timers.startTimerWithFixedDelay(Resend, ResendEvery)
      Behaviors.receiveMessage[Command] {
        case MembershipChanged => reshare(); Behaviors.same
        case Exchanges(refs) =>
          val fresh = (refs -- exchanges).nonEmpty
          exchanges = refs
          counters.exchangesKnown = refs.size
          // an exchange that (re)appears gets at once what the one before did not acknowledge
          if (fresh) outbox.resend(all = true): Unit
          askPositions()
          Behaviors.same
        case OrderAck(n, s) =>
          if (n == node) outbox.acknowledged(s): Unit
          counters.unacknowledged = outbox.unacknowledged
          Behaviors.same
        case Resend =>
          outbox.resend(): Unit
          counters.resent = outbox.resends
          counters.unacknowledged = outbox.unacknowledged
          Behaviors.same
        case r: PositionReport => started(r); Behaviors.same
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
        case r: OrderReport => reported(r); Behaviors.same
        case r: ModifyReport =>
          // a subscription that moved away needs no answer: the node that has it now started from its position
          val delivery = desks.get(Subscription(r.account, r.strategy))
            .fold(SubscriptionDesk.Delivery.Duplicate)(_.amended(r))
          delivered(r, delivery)
          Behaviors.same
        case Settled(s, outcome) => settled(s, outcome); Behaviors.same
        case _ => Behaviors.unhandled
      }.receiveSignal { case (_, PostStop) =>
        pipeline.close()
        Behaviors.same
      }
    }

    // the share of the subscriptions among the trader nodes up now; a subscription that moved away withdraws its
    // open orders, one taken over asks the peers for spending rights ahead of its first order (bounded mode)
    private def reshare(): Unit = {
      val traders = cluster.state.members.iterator
        .filter(m => m.status == MemberStatus.Up && m.hasRole(Role.label))
        .map(_.address.hostPort)
        .toVector
      val mine = Shares.ownedBy(self, subs, traders)
      if (mine.toSet != desks.keySet) {
        desks.keys.filterNot(mine.contains).foreach(sub => send(sub, OrderCommand.Withdraw, pending = false))
        mine.filterNot(desks.contains).foreach(sub => ledger.requestRights(sub.account, provisionedCents / 2))
        desks = mine.map { s =>
          s -> desks.getOrElse(
            s,
            new SubscriptionDesk(s, strategy(s), accountOf(s.account), MaxPosition, out)
          )
        }.toMap
        pipeline.own(mine.map(s => s -> desks(s).strategy))
        counters.owned = mine
        counters.positions = positionsOf(desks.values)
        counters.waiting = waitingOf(desks.values)
        report(NodeEvent.Owns(System.currentTimeMillis, mine.map(_.label)))
      }
      askPositions()
    }

    // a desk trades only once the exchange said where its subscription stands; asked again until it answers
    private def askPositions(): Unit =
      desks.valuesIterator.filterNot(_.ready).foreach { d =>
        exchanges.foreach(_ ! PositionRequest(node, d.sub.account, d.sub.strategy, ctx.self))
      }

    private def started(r: PositionReport): Unit =
      desks.get(Subscription(r.account, r.strategy)).filterNot(_.ready).foreach { desk =>
        desk.start(r)
        counters.waiting = waitingOf(desks.values)
        if (desk.held.nonEmpty) {
          counters.positionsAdopted.increment()
          counters.positions = positionsOf(desks.values)
          report(NodeEvent.PositionStarted(desk.subscriptionHeld, System.currentTimeMillis, r.withdrawn))
        }
      }

    private def reported(r: OrderReport): Unit = {
      val desk = desks.get(Subscription(r.account, r.strategy))
      val delivery = desk.fold(SubscriptionDesk.Delivery.Duplicate)(_.report(r))
      if (delivery == SubscriptionDesk.Delivery.Applied && r.fillQty > 0L) {
        counters.fills.increment()
        counters.realizedCents = desks.valuesIterator.map(_.result.realized).sum
        counters.positions = positionsOf(desks.values)
        judge.judge(r.account)
      }
      delivered(r, delivery)
    }

    // every report but an early one is acknowledged, to each exchange known (a duplicate again: its first
    // acknowledgement may be what was lost); an early one comes again behind the one it follows
    private def delivered(r: ExchangeReport, d: SubscriptionDesk.Delivery): Unit =
      if (d == SubscriptionDesk.Delivery.Early) counters.reportsEarly.increment()
      else {
        if (d == SubscriptionDesk.Delivery.Duplicate) counters.reportDuplicates.increment()
        exchanges.foreach(_ ! ReportAck(r.ref))
      }

    private def settled(s: Long, outcome: Authorization): Unit =
      outbox.settle(s, outcome == Authorization.Approved).foreach {
        case Outbox.Sent(m) =>
          ledger.history.sent(m)
          counters.approved.increment()
        case Outbox.Dropped(m) =>
          ledger.history.undone(m)
          // only an add or a buy's modify waits for its write
          m.command match {
            case add: OrderCommand.Add =>
              desks.get(Subscription(m.account, m.strategy)).foreach(_.dropped(add.orderId))
            case mod: OrderCommand.Modify =>
              desks.get(Subscription(m.account, m.strategy)).foreach(_.modifyDropped(
                mod.orderId,
                mod.qty,
                m.seq
              ))
            case _ => ()
          }
          // the ledger names why the debit did not hold; a future that failed outright had no majority's answer
          refused(
            m.account,
            outcome match {
              case Authorization.Refused(cause) => cause
              case _ => Refusal.NoMajority
            }
          )
      }

    // a refusal the cluster caused (rights not here yet, no majority in time) is counted, but not held against the client
    private def refused(account: ClientId, cause: Refusal): Unit = {
      counters.refused.increment()
      judge.refused(account, cause)
    }

    // the balance check of an add or a modify, then its message: a sell costs nothing; a buy is debited its cost
    // at its limit price first, and refused (not sent) when the ledger does not allow it. No order is checked
    // while no exchange is known: a debit for an order that cannot be sent would be lost. The message's sequence,
    // or -1 when it is not sent
    private def spend(
        sub: Subscription,
        id: Long,
        buy: Boolean,
        price: Long,
        qty: Long,
        command: Long => OrderCommand,
        topUp: Boolean
    ): Long =
      if (exchanges.isEmpty) -1L
      else if (blacklist.isBarred(sub.account)) { counters.barredRefusals.increment(); -1L }
      else if (!buy) send(sub, command(0L), pending = false).seq
      else {
        val cost = PreTradeCheck.Balance.costCents(price, qty)
        val order = HistoryWriter.order(node, sub.strategy, id)
        def debited(): Unit =
          if (topUp) ledger.history.toppedUp(sub.account, order, cost)
          else ledger.history.authorized(sub.account, order, cost)
        val asked = System.nanoTime
        val decided = ledger.authorize(sub.account, cost)
        decided match {
          case _: Authorization.Pending => ()
          case _ => counters.authorizations.record(System.nanoTime - asked)
        }
        decided match {
          case Authorization.Approved =>
            debited()
            counters.approved.increment()
            send(sub, command(cost), pending = false).seq
          case r: Authorization.Refused =>
            ledger.history.refused(sub.account, order, cost)
            refused(sub.account, r.cause)
            -1L
          case Authorization.Pending(outcome) =>
            debited()
            val m = send(sub, command(cost), pending = true)
            ctx.pipeToSelf(outcome) { r =>
              counters.authorizations.record(System.nanoTime - asked)
              Settled(m.seq, r.getOrElse(Authorization.Refused.NoMajority))
            }
            m.seq
        }
      }

    private def send(sub: Subscription, command: OrderCommand, pending: Boolean): OrderMessage = {
      seq += 1
      val m = OrderMessage(node, seq, sub.account, sub.strategy, command, ctx.self)
      m.command match {
        case _: OrderCommand.Add => counters.orders.increment()
        case _: OrderCommand.Modify => counters.modifies.increment()
        case _ => counters.cancels.increment()
      }
      // an add waiting for its majority write is recorded as sent once it goes
      if (!pending) ledger.history.sent(m)
      outbox.send(m, pending)
      m
    }

    private val out = new SubscriptionDesk.Out {
      def add(
          sub: Subscription,
          symbol: String,
          id: Long,
          buy: Boolean,
          price: Long,
          qty: Long,
          tif: TimeInForce
      ): Boolean =
        spend(
          sub,
          id,
          buy,
          price,
          qty,
          cost => OrderCommand.Add(symbol, id, buy, price, qty, cost, tif),
          topUp = false
        ) >= 0L
      // a buy's modify debits the modified order's whole cost: the old remainder may fill until it is applied
      def modify(sub: Subscription, symbol: String, id: Long, buy: Boolean, price: Long, qty: Long): Long =
        spend(
          sub,
          id,
          buy,
          price,
          qty,
          cost => OrderCommand.Modify(symbol, id, price, qty, cost),
          topUp = true
        )
      def cancel(sub: Subscription, symbol: String, id: Long): Unit =
        send(sub, OrderCommand.Cancel(symbol, id), pending = false): Unit
    }
  }
}
