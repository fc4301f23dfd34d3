package mvt.cluster

import mvt.core.*
import mvt.trader.orders.{OrderRules, OrderVenue, StrategyIds, StrategyOrders}
import mvt.trader.strategy.TradingStrategy
import mvt.trader.{BboUpdated, Decision}

import scala.collection.mutable

/**
 * One subscription as a trader node runs it: its strategy (asked by the node's pipeline), and its decisions made
 * orders by the shared mechanism of `mvt.trader.orders` (`StrategyOrders`: the strategy's own id range, one
 * working order per symbol, the position limit; each add with its decision's time in force, and a post-only quote
 * moved by `modify` in place), sent at once (the network is the latency) through `out`, which checks and debits a
 * buy (or a buy's modify) before it goes and may refuse it. The exchange's reports come back through [[report]]
 * (fills move the position and the realized result, a closed order frees its place) and [[amended]] (a modify's
 * answer, which `StrategyOrders` waits for), each applied once: the exchange resends what is not acknowledged, so
 * a report may come twice, or after a later one was lost; each says whether it was applied, a duplicate, or early
 * (its order's fills before it have not come: not applied, and not to be acknowledged, so it comes again behind
 * them). Not thread-safe: the trader node's actor owns it.
 */
final class SubscriptionDesk(
    val sub: Subscription,
    val strategy: TradingStrategy,
    account: Account,
    maxPosition: Long,
    out: SubscriptionDesk.Out
) {

  val orders = new StrategyOrders(OrderRules(account, 0L, maxPosition, amendInPlace = true))

  /** The realized result of this desk's fills. */
  val result = new RealizedLoss

  private val books = mutable.HashMap.empty[String, Int]
  private val symbols = mutable.ArrayBuffer.empty[String]
  // the book and side of each order, by its slot in the strategy's id range
  private var orderBook = new Array[Int](256)
  private var orderBuy = new Array[Boolean](256)
  // per slot, the fills applied (the next fill report's number is one more) and whether its close was
  private var fillsApplied = new Array[Int](256)
  private var closedApplied = new Array[Boolean](256)
  // the message sequences of this desk's modifies the exchange has not answered yet
  private val awaiting = mutable.LongMap.empty[Unit]

  private val venue: OrderVenue = new OrderVenue {
    private var refused = -1L
    def now: Timestamp = Timestamp.Epoch
    def time(at: Timestamp): Unit = ()
    def add(
        book: Int,
        id: OrderId,
        side: Side,
        price: Price,
        qty: Quantity,
        account: Account,
        tif: TimeInForce
    ): Unit = {
      val slot = (id.value - StrategyIds.First).toInt
      if (slot >= orderBook.length) {
        orderBook = java.util.Arrays.copyOf(orderBook, orderBook.length * 2)
        orderBuy = java.util.Arrays.copyOf(orderBuy, orderBook.length)
        fillsApplied = java.util.Arrays.copyOf(fillsApplied, orderBook.length)
        closedApplied = java.util.Arrays.copyOf(closedApplied, orderBook.length)
      }
      orderBook(slot) = book
      orderBuy(slot) = side.isBuy
      if (!out.add(sub, symbols(book), id.value + idBase, side.isBuy, price.raw, qty.units, tif))
        refused = id.value
    }
    def cancel(book: Int, id: OrderId): Unit = out.cancel(sub, symbols(book), id.value + idBase)
    // the exchange answers later (amended); refused by the balance check, it never leaves
    def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
      val buy = orderBuy((id.value - StrategyIds.First).toInt)
      val seq = out.modify(sub, symbols(book), id.value + idBase, buy, price.raw, qty.units)
      if (seq < 0L) orders.amendRefused(id.value, qty.units) else awaiting.update(seq, ())
    }
    override def amendsLater: Boolean = true
    def restingQty(id: OrderId): Long =
      throw new IllegalStateException("a desk learns of its orders from the exchange's reports")
    // asked right after an add: a refused add never reached the exchange, any other is open until reported closed
    def isLive(id: OrderId): Boolean = id.value != refused
  }

  private var started = false
  // added to the strategy's own ids on the wire: the range of this hand-over's epoch (SubscriptionIds)
  private var idBase = 0L

  /** Whether the desk knows where the subscription stands (its [[PositionReport]] came): only then does it trade. */
  def ready: Boolean = started

  /**
   * Starts from the exchange's account of the subscription: each symbol's position (the position limit counts from
   * it) and its cost, and the result realized before. Once; a later report (a repeated request) is ignored.
   */
  def start(r: PositionReport): Unit =
    if (!started) {
      started = true
      idBase = SubscriptionIds.base(r.epoch)
      r.holdings.foreach { h =>
        val book = bookOf(h.symbol)
        orders.startAt(book, h.position)
        result.restore(book, h.position, h.costRaw)
      }
      result.carry(r.realizedCents)
    }

  /** The position in `symbol` now (0 if never held). */
  def position(symbol: String): Long = books.get(symbol).fold(0L)(orders.position)

  /** Every symbol with a nonzero position, in symbol order. */
  def held: Vector[NodeEvent.Held] =
    books.toVector.sortBy(_._1).collect {
      case (s, b) if orders.position(b) != 0L => NodeEvent.Held(s, orders.position(b))
    }

  /** This subscription's nonzero positions, as a node reports them. */
  def subscriptionHeld: NodeEvent.SubscriptionHeld = NodeEvent.SubscriptionHeld(sub.label, held)

  private def bookOf(name: String): Int = books.getOrElseUpdate(name, { symbols += name; symbols.size - 1 })

  /**
   * Makes decision `d`, taken on `bbo`, orders: the rules decide what to cancel and add, and it goes out now. A
   * desk not yet [[ready]] ignores it: its position limit would count from a position it does not know.
   */
  def act(bbo: BboUpdated, d: Decision): Unit = if (started) {
    val book = bookOf(bbo.symbol.name)
    orders.decide(Timestamp.Epoch, book, bbo, d)
    orders.deliver(Long.MaxValue, venue)
  }

  /**
   * The exchange's report on one of this desk's orders: its fill applied if it is the order's next, its close once
   * every fill before it is. A report on no order of this desk (an earlier hand-over's) has nothing to apply.
   */
  def report(r: OrderReport): SubscriptionDesk.Delivery = {
    import SubscriptionDesk.Delivery
    val id = r.orderId - idBase
    val slot = id - StrategyIds.First
    if (slot < 0L || slot >= orders.ordersIssued) Delivery.Duplicate
    else {
      val s = slot.toInt
      var applied = false
      val next = fillsApplied(s) + 1
      if (r.fillQty > 0L && r.fills == next) {
        orders.filled(id, r.fillQty)
        result.fill(orderBook(s), r.buy, r.fillPriceRaw, r.fillQty)
        fillsApplied(s) = next
        applied = true
      }
      if (r.fills > fillsApplied(s)) Delivery.Early
      else {
        if (r.closed && !closedApplied(s)) {
          closedApplied(s) = true
          orders.done(id)
          applied = true
        }
        if (applied) Delivery.Applied else Delivery.Duplicate
      }
    }
  }

  /** The exchange's answer to one of this desk's modifies: applied once, for a modify it is waiting on. */
  def amended(r: ModifyReport): SubscriptionDesk.Delivery = {
    import SubscriptionDesk.Delivery
    val id = r.orderId - idBase
    val slot = id - StrategyIds.First
    if (slot < 0L || slot >= orders.ordersIssued || awaiting.remove(r.seq).isEmpty) Delivery.Duplicate
    else {
      if (r.outcome == ModifyReport.Outcome.Refused) orders.amendRefused(id, r.qty)
      else orders.amended(id, r.priceRaw, r.qty, r.restingQty)
      Delivery.Applied
    }
  }

  /** A refused or undone add: it never reached the exchange (or will be refused there). */
  def dropped(orderId: Long): Unit = orders.done(orderId - idBase)

  /**
   * A buy's modify (message `seq`) whose debit was undone: it never reached the exchange, and the order is as it
   * was.
   */
  def modifyDropped(orderId: Long, qty: Long, seq: Long): Unit = {
    awaiting.remove(seq): Unit
    orders.amendRefused(orderId - idBase, qty)
  }

}

object SubscriptionDesk {

  /** What became of a report the exchange sent: the trader node acknowledges all but an early one. */
  enum Delivery {

    /** It changed what the desk knows. */
    case Applied

    /** The desk had it already (a resend), or it names no order the desk waits on. */
    case Duplicate

    /** A report of the order came before it and was lost: not applied; the resend brings both, in order. */
    case Early
  }

  /**
   * Where a desk's orders go: `add` checks and sends an add (false: refused, not sent), `modify` a modify (a buy's
   * debited its new cost first) and returns its message's sequence (-1: refused, not sent); `cancel` sends a
   * cancel.
   */
  trait Out {
    def add(
        sub: Subscription,
        symbol: String,
        orderId: Long,
        buy: Boolean,
        priceRaw: Long,
        qty: Long,
        tif: TimeInForce
    ): Boolean
    def modify(
        sub: Subscription,
        symbol: String,
        orderId: Long,
        buy: Boolean,
        priceRaw: Long,
        qty: Long
    ): Long
    def cancel(sub: Subscription, symbol: String, orderId: Long): Unit
  }
}
