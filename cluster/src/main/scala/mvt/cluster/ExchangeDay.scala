package mvt.cluster

import mvt.core.*
import mvt.orderbook.{AccountsTarget, Engine, TradingDay}
import mvt.trader.orders.{StrategyFills, StrategyIds}
import mvt.trader.pipeline.PreTradeCheck

import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.locks.LockSupport
import scala.collection.mutable

/**
 * The exchange node's trading day: the day's recorded flow and the traders' orders, matched on one engine with
 * accounts (`TradingDay`). The day's commands come in through the `CommandTarget` calls, paced by the session
 * clock at `speed`; the traders' orders wait in `inbox` (filled by the exchange actor) and are applied on the
 * engine's thread between the day's commands, under ids of the strategies' range (`StrategyIds`) that the
 * exchange assigns, so no trader's id meets the book's or another trader's. Each fill goes to the trade feed
 * (`trades`, and [[fills]], the reconciliation's reference) and back to the sending trader node as an
 * [[OrderReport]]. When an order closes (filled, cancelled, refused, or cancelled at the close), the account is
 * credited back what its debit did not pay for: a buy's reserved cost minus its filled value, a sell's proceeds.
 * A modify is applied to the engine when the order is open and, for a buy, the modified order's cost fits in what
 * its debit has not yet paid for; otherwise it is refused (counted, the order left as it was). Its fills are
 * reported as any fill, and a modified order that filled completely closes.
 * Every top-of-book change goes to `tops` for the traders. Not thread-safe: the replay thread drives
 * it.
 */
final class ExchangeDay(
    engine: Engine,
    accounts: Vector[String],
    ledger: Ledger[?],
    speed: ReplaySpeed,
    tops: LatestTops,
    inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound],
    trades: Option[TradeSink]
) extends AccountsTarget {
  import ExchangeDay.*

  /** Every order message received once, by (node, sequence number). */
  val feed = new OrderFeed

  /** The fills of the traders' orders. */
  val fills = new TradeFeed

  private val accountIndex: Map[String, Account] =
    accounts.zipWithIndex.map((a, i) => a -> Account(i + 1)).toMap

  // per subscription (account, strategy): its fills whoever sent them, and the node incarnation that owns it now
  private val subscriptionBooks = mutable.HashMap.empty[(String, String), SubscriptionBook]
  private val owners = mutable.HashMap.empty[(String, String), String]
  // per subscription, how many times it was handed over today: each hand-over's desk gets its own id range
  private val epochs = mutable.HashMap.empty[(String, String), Long]
  private var handedOver = 0L
  private var notOwner = 0L

  private val open = mutable.LongMap.empty[Open]
  private val byKey = mutable.HashMap.empty[Key, Long]
  private var nextId = StrategyIds.First
  private var closed = false
  private var commands = 0L
  private var refusedCount = 0L
  private var creditedCents = 0L
  private var adoptedCents = 0L
  private var adoptions = 0
  // pacing: the first session instant seen and the wall clock then
  private var clock0 = Long.MinValue
  private var wall0 = 0L
  // the trader's order being modified (null otherwise) and its remaining quantity before, restored on a refusal
  private var modifying: Open = null
  private var remainingBefore = 0L

  private val tradeSink: TradeSink = new StrategyFills(trades) {
    protected def strategyFill(symbol: Symbol, id: Long, price: Price, qty: Quantity, buy: Boolean): Unit =
      filled(id, price.raw, qty.units)
  }

  private val quoteSink: QuoteSink = new QuoteSink {
    // after the close nothing is published: the traders have nothing left to trade on
    def quote(time: Timestamp, symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long): Unit =
      if (!closed) tops.put(MarketUpdates.Top(symbol.name, bp, bq, ap, aq))
  }

  // the traders' orders leave the book through these events (never calling back into the exchange)
  private val events: EventSink = new EventSink {
    def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = ()
    def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = ()
    def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
      if (StrategyIds.isStrategy(id.value)) close(id.value)
    def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
    def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      if (StrategyIds.isStrategy(id.value)) { refusedCount += 1; close(id.value) }
    // an order that does not rest, or a modified one that filled completely, leaves the book as a fill or a
    // cancel would: a trader's order closes then
    def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
      if (StrategyIds.isStrategy(id.value)) close(id.value)
    def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
      if (StrategyIds.isStrategy(id.value)) {
        if (restingQty.units == 0L) close(id.value)
        else open.get(id.value).foreach(_.remaining = restingQty.units)
      }
    def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      if (modifying != null) { modifying.remaining = remainingBefore; refusedCount += 1 }
  }

  private val day = new TradingDay(engine, events, Some(tradeSink), Some(quoteSink))

  /** The session clock. */
  def now: Timestamp = day.now

  /** The day's commands applied so far. */
  def applied: Long = commands

  /** The traders' orders open now (resting, or partly filled and resting). */
  def openOrders: Int = open.size

  /** Orders the engine rejected or that came after the close. */
  def refused: Long = refusedCount

  /** Debits of downed replicas that had not reached this replica, taken over from the order feed (`bounded`). */
  def adopted: Long = adoptedCents

  /** Downed replicas whose entries this exchange took over (`bounded` only). */
  def replicasAdopted: Int = adoptions

  /** Position requests answered: subscriptions handed to a node, each starting from its fills so far. */
  def positionsHanded: Long = handedOver

  /** Adds refused because their node no longer owned the subscription (another node asked for its position). */
  def refusedNotOwner: Long = notOwner

  /** Every subscription that filled, with its net position per symbol by the fills, in label order. */
  def positions: Vector[(Subscription, Vector[PositionReport.Holding])] =
    subscriptionBooks.toVector.map { case ((a, st), b) => (Subscription(a, st), b.holdings) }.sortBy(
      _._1.label
    )

  /** What the exchange credited back in all: refunds of unfilled buys and proceeds of sells. */
  def credited: Long = creditedCents

  def bookOf(symbol: Symbol): Int = day.bookOf(symbol)

  override def time(at: Timestamp): Unit = {
    if (!speed.isMax) pace(at.epochNanos)
    day.time(at)
    val _ = drain()
  }

  override def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit = {
    day.add(book, id, side, price, qty, account, tif)
    step()
  }

  /** A modify of the day's recorded flow. */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    day.modify(book, id, price, qty)
    step()
  }

  def cancel(book: Int, id: OrderId): Unit = {
    day.cancel(book, id)
    step()
  }

  private def step(): Unit = {
    commands += 1
    if ((commands & 63L) == 0L) { val _ = drain() }
  }

  // sleeps until the wall clock reaches session instant `at` at the chosen speed, taking orders meanwhile
  private def pace(at: Long): Unit =
    if (clock0 == Long.MinValue) { clock0 = at; wall0 = System.nanoTime() }
    else {
      val due = wall0 + ((at - clock0).toDouble / speed.times).toLong
      var left = due - System.nanoTime()
      while (left > 0L) {
        val _ = drain()
        LockSupport.parkNanos(math.min(left, 2_000_000L))
        left = due - System.nanoTime()
      }
    }

  /** Applies everything waiting in the inbox, in arrival order: how many messages that was. */
  def drain(): Int = {
    var n = 0
    var m = inbox.poll()
    while (m ne null) {
      m match {
        case o: OrderMessage => if (feed.record(o)) order(o)
        case NodeGone(trader) => withdraw(_.replyTo == trader)
        case r: PositionRequest => handOver(r)
        case ReplicaGone(replica) =>
          // the order feed knows every debit the node made for an order that reached the exchange
          if (ledger.mode == Consistency.Bounded) {
            accounts.foreach(a => adoptedCents += ledger.adopt(a, replica, feed.debitedBy(replica.value, a)))
            adoptions += 1
          }
      }
      n += 1
      m = inbox.poll()
    }
    n
  }

  /**
   * The close: takes what is waiting, cancels every order still open (crediting it back), and from now on refuses
   * any order that arrives (crediting its debit back at once). Call [[drain]] after it to settle late arrivals.
   */
  def close(): Unit = {
    val _ = drain()
    closed = true
    withdraw(_ => true)
  }

  // the requester owns the subscription from now: the other nodes' orders for it go (so no fill of theirs moves the
  // position after the answer), and their adds are refused from now on
  private def handOver(r: PositionRequest): Unit = {
    val sub = (r.account, r.strategy)
    owners.update(sub, r.node)
    val before = open.size
    withdraw(e => e.key.account == r.account && e.key.strategy == r.strategy && e.key.node != r.node)
    val book = subscriptionBooks.get(sub)
    handedOver += 1
    val epoch = epochs.getOrElse(sub, 0L) + 1L
    epochs.update(sub, epoch)
    r.replyTo ! PositionReport(
      r.account,
      r.strategy,
      book.fold(Vector.empty)(_.holdings),
      book.fold(0L)(_.realized),
      before - open.size,
      epoch
    )
  }

  private def order(o: OrderMessage): Unit = o.command match {
    case c: OrderCommand.Add =>
      val key = Key(o.node, o.account, o.strategy, c.orderId)
      val account = accountIndex.get(o.account)
      val symbol = Symbol.parse(c.symbol)
      val id = nextId
      nextId += 1
      val stale = owners.get((o.account, o.strategy)).exists(_ != o.node)
      if (stale) notOwner += 1
      val refuse =
        closed || stale || account.isEmpty || symbol.isEmpty || c.qty <= 0L || c.qty > Quantity.Max
      val book = if (refuse) -1 else day.bookOf(symbol.get)
      val entry = new Open(key, c.symbol, book, c.buy, c.qty, c.costCents, o.replyTo)
      open.update(id, entry)
      byKey.update(key, id)
      if (refuse) {
        refusedCount += 1
        close(id)
      } else {
        ledger.history.applied(o.node, o.account, o.strategy, c.orderId)
        val side = if (c.buy) Side.Buy else Side.Sell
        day.add(book, OrderId(id), side, Price.fromRaw(c.priceRaw), Quantity(c.qty), account.get)
      }
    case c: OrderCommand.Cancel =>
      byKey.get(Key(o.node, o.account, o.strategy, c.orderId)).foreach(cancelOpen)
    case c: OrderCommand.Modify =>
      byKey.get(Key(o.node, o.account, o.strategy, c.orderId)).flatMap(open.get) match {
        case Some(e) if modifiable(o, e, c) =>
          modifying = e
          remainingBefore = e.remaining
          // from here the order's quantity is the new one: its fills count down from it
          e.remaining = c.qty
          day.modify(e.book, OrderId(byKey(e.key)), Price.fromRaw(c.priceRaw), Quantity(c.qty))
          modifying = null
        case _ => refusedCount += 1
      }
    case OrderCommand.Withdraw =>
      withdraw(e => e.key.node == o.node && e.key.account == o.account && e.key.strategy == o.strategy)
  }

  // open, still its node's, a valid quantity, and for a buy a cost within what its debit has not paid for yet
  private def modifiable(o: OrderMessage, e: Open, c: OrderCommand.Modify): Boolean = {
    val stale = owners.get((o.account, o.strategy)).exists(_ != o.node)
    val fits =
      !e.buy || {
        val cost = PreTradeCheck.Balance.costCents(c.priceRaw, c.qty)
        cost >= 0L && cost <= e.reserved - fills.valueOf(byKey(e.key))
      }
    !closed && !stale && c.qty > 0L && c.qty <= Quantity.Max && fits
  }

  private def withdraw(which: Open => Boolean): Unit = {
    val ids = open.iterator.collect { case (id, e) if which(e) => id }.toVector
    ids.foreach(cancelOpen)
  }

  private def cancelOpen(id: Long): Unit =
    open.get(id).foreach { e =>
      day.cancel(e.book, OrderId(id))
      // the cancel's event closed it; one the engine did not know (it cannot happen while open here) closes too
      if (open.contains(id)) close(id)
    }

  private def filled(id: Long, priceRaw: Long, qty: Long): Unit =
    open.get(id).foreach { e =>
      fills.record(id, e.key.account, e.buy, priceRaw, qty)
      subscriptionBooks.getOrElseUpdate((e.key.account, e.key.strategy), new SubscriptionBook)
        .fill(e.symbol, e.buy, priceRaw, qty)
      e.remaining -= qty
      val done = e.remaining <= 0L
      e.replyTo ! OrderReport(e.key.account, e.key.strategy, e.key.orderId, e.buy, qty, priceRaw, done)
      if (done) settle(id, e)
    }

  private def close(id: Long): Unit =
    open.get(id).foreach { e =>
      e.replyTo ! OrderReport(e.key.account, e.key.strategy, e.key.orderId, e.buy, 0L, 0L, closed = true)
      settle(id, e)
    }

  // a buy reserved its cost at the limit price; it paid its fills' value; the rest goes back. A sell brings its fills in
  private def settle(id: Long, e: Open): Unit = {
    open.remove(id)
    byKey.remove(e.key)
    val value = fills.valueOf(id)
    val back = if (e.buy) e.reserved - value else value
    ledger.history.settled(e.key.node, e.key.account, e.key.strategy, e.key.orderId, e.buy, e.reserved, value)
    if (back > 0L) {
      creditedCents += back
      ledger.credit(e.key.account, back)
    }
  }

  /** Each account's reconciliation against the trade feed, with this replica's balance. */
  def reconciliation(provisioned: Long): Vector[Reconciled] =
    accounts.map(a => Reconciled(a, provisioned, fills.spentBy(a), fills.receivedBy(a), ledger.balance(a)))
}

object ExchangeDay {

  /** What the exchange actor hands the engine's thread. */
  trait Inbound

  /**
   * The trader node whose ledger replica is `replica` was removed from the cluster: in the `bounded` mode the
   * exchange takes over its entries, so no debit of an order it sent is lost and its rights are not stranded.
   */
  final case class ReplicaGone(replica: mvt.crdt.ReplicaId) extends Inbound

  /** Every order still open from the trader node `trader` (it left the cluster) is cancelled. */
  final case class NodeGone(trader: org.apache.pekko.actor.typed.ActorRef[TraderNode.Command]) extends Inbound

  private final case class Key(node: String, account: String, strategy: String, orderId: Long)

  private final class Open(
      val key: Key,
      val symbol: String,
      val book: Int,
      val buy: Boolean,
      var remaining: Long,
      val reserved: Long,
      val replyTo: org.apache.pekko.actor.typed.ActorRef[TraderNode.Command]
  )

  /**
   * One account at the end of the day: provisioned minus what its fills cost plus what its sells brought in, as
   * the trade feed says, against a replica's balance.
   */
  final case class Reconciled(
      account: String,
      provisioned: Long,
      spent: Long,
      received: Long,
      balance: Long
  ) {
    def expected: Long = provisioned - spent + received

    /** The balance minus what the trade feed says it should be: nonzero means a balance update was lost. */
    def missing: Long = balance - expected
    def matches: Boolean = missing == 0L
  }
}
