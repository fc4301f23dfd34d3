package mvt.backtest

import mvt.core.*
import mvt.orderbook.{AccountsTarget, Engine, TradingDay}
import mvt.trader.BboUpdated
import mvt.trader.orders.{OrderRules, OrderVenue, StrategyFills, StrategyIds, StrategyOrders}
import mvt.trader.strategy.TradingStrategy
import mvt.workload.CommandWriter

import java.math.BigDecimal

/**
 * One day of a recorded flow with a strategy trading in it, in one engine (an L3 simulation): recorded commands
 * come in through the `CommandTarget` calls; each quote change they cause goes to `strategy`, whose decisions
 * become orders through `StrategyOrders`, which reach the same `TradingDay` at their due instant, before the first
 * recorded command stamped at or after it. The strategy reacts to the market's changes only, never to the ones its
 * own orders make. Its orders carry their time in force (IOC takes, post-only makes) and its post-only quotes
 * move with `modify`; post-only orders and modifies refused as `would-cross`, and IOC/FOK units that expired, are
 * counted (`crossRefused`, `expiredUnits`). Recorded ids in the strategy's range fail the day (`IdCollision`). The merged day's trade and
 * quote feeds go to `trades` and `quotes` when given, and its commands, exactly as the engine saw them, to `merged`. `finish` closes the day out and gives the result. Not
 * thread-safe: one fiber owns a day.
 */
final class ClosedLoopDay(
    engine: Engine,
    strategy: TradingStrategy,
    rules: OrderRules,
    feePerShare: BigDecimal,
    trades: Option[TradeSink] = None,
    quotes: Option[QuoteSink] = None,
    merged: Option[CommandWriter] = None
) extends AccountsTarget {

  /** The strategy's orders, for tests and the result. */
  val orders = new StrategyOrders(rules)

  private val quotesOut = quotes.orNull
  private val mergedOut = merged.orNull

  // the book of the recorded command being applied, -1 while the strategy's orders are
  private var current = -1
  // twice the mid per book, 0 while a side is empty: the mid before a command, for slippage and the last mark
  private var mids = new Array[Long](16)

  private var recorded = 0L
  private var fills = 0L
  private var volume = 0L
  private var maxPosition = 0L
  private var cash = BigDecimal.ZERO
  private var slippage = BigDecimal.ZERO
  private var notional = BigDecimal.ZERO
  private var refusedCrossing = 0L
  private var expiredQty = 0L

  private val fillSink: TradeSink = new StrategyFills(trades) {
    protected def strategyFill(symbol: Symbol, id: Long, price: Price, qty: Quantity, buy: Boolean): Unit =
      own(symbol, id, price, qty, buy)
  }

  private val quoteSink: QuoteSink = new QuoteSink {
    def quote(time: Timestamp, symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long): Unit = {
      val b = if (current >= 0) current else day.bookOf(symbol)
      if (b >= mids.length) mids = java.util.Arrays.copyOf(mids, math.max(b + 1, mids.length * 2))
      mids(b) = if (bq > 0 && aq > 0) bp + ap else 0L
      if (current >= 0) {
        val e = BboUpdated.fromRaw(symbol, bp, bq, ap, aq)
        val d = strategy.decide(e)
        if (d.isDefined) orders.decide(time, b, e, d.get)
      }
      if (quotesOut != null) quotesOut.quote(time, symbol, bp, bq, ap, aq)
    }
  }

  // the engine's answers to the strategy's orders that the trade feed does not carry: refusals and expiries
  private val outcomes: EventSink = new EventSink {
    def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = ()
    def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = ()
    def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = ()
    def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
    def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      if (StrategyIds.isStrategy(id.value) && reason == RejectReason.WouldCross) refusedCrossing += 1
    def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
      if (StrategyIds.isStrategy(id.value)) expiredQty += qty.units
    def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = ()
    def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      if (StrategyIds.isStrategy(id.value) && reason == RejectReason.WouldCross) refusedCrossing += 1
  }

  private val day = new TradingDay(engine, outcomes, Some(fillSink), Some(quoteSink))

  // the strategy's orders go to the day through this, so the merged log sees them too
  private val venue: OrderVenue = new OrderVenue {
    def now: Timestamp = day.now
    def time(at: Timestamp): Unit = { if (mergedOut != null) mergedOut.time(at.epochNanos); day.time(at) }
    def add(
        book: Int,
        id: OrderId,
        side: Side,
        price: Price,
        qty: Quantity,
        account: Account,
        tif: TimeInForce
    ): Unit = {
      if (mergedOut != null)
        mergedOut.add(day.exchange.symbolOf(book), id.value, side, price.raw, qty.units, account.value, tif)
      day.add(book, id, side, price, qty, account, tif)
    }
    def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
      if (mergedOut != null) mergedOut.modify(day.exchange.symbolOf(book), id.value, price.raw, qty.units)
      day.modify(book, id, price, qty)
    }
    def restingQty(id: OrderId): Long = day.exchange.restingQty(id)
    def cancel(book: Int, id: OrderId): Unit = {
      if (mergedOut != null) mergedOut.cancel(day.exchange.symbolOf(book), id.value)
      day.cancel(book, id)
    }
    def isLive(id: OrderId): Boolean = day.exchange.isLive(id)
  }

  def bookOf(symbol: Symbol): Int = day.bookOf(symbol)

  override def time(at: Timestamp): Unit = {
    if (orders.nextDue <= at.epochNanos) orders.deliver(at.epochNanos, venue)
    venue.time(at)
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
    recordedStart(book, id)
    venue.add(book, id, side, price, qty, account, tif)
    recordedEnd()
  }

  /** A recorded modify; one naming the strategy's range is a collision, as for the other commands. */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    recordedStart(book, id)
    venue.modify(book, id, price, qty)
    recordedEnd()
  }

  def cancel(book: Int, id: OrderId): Unit = {
    recordedStart(book, id)
    venue.cancel(book, id)
    recordedEnd()
  }

  // a recorded command goes after the strategy's orders due by now; its book is the one its fills are costed in
  private def recordedStart(book: Int, id: OrderId): Unit = {
    if (StrategyIds.isStrategy(id.value)) throw IdCollision(id.value)
    if (orders.nextDue <= day.now.epochNanos) orders.deliver(day.now.epochNanos, venue)
    current = book
  }

  private def recordedEnd(): Unit = {
    current = -1
    recorded += 1
  }

  // a fill of the strategy's: position, cash, and the cost against the mid before the command
  private def own(symbol: Symbol, id: Long, price: Price, qty: Quantity, buy: Boolean): Unit = {
    val b = if (current >= 0) current else day.bookOf(symbol)
    orders.filled(id, qty.units)
    maxPosition = math.max(maxPosition, math.abs(orders.position(b)))
    fills += 1
    volume += qty.units
    val value = BigDecimal.valueOf(price.raw, Price.FractionDigits).multiply(BigDecimal.valueOf(qty.units))
    notional = notional.add(value)
    cash = if (buy) cash.subtract(value) else cash.add(value)
    val mid2 = if (b < mids.length) mids(b) else 0L
    if (mid2 != 0L) {
      val mid = BigDecimal.valueOf(mid2, Price.FractionDigits).multiply(ClosedLoopDay.Half)
      val paid = BigDecimal.valueOf(price.raw, Price.FractionDigits).subtract(mid)
      val cost = if (buy) paid else paid.negate
      slippage = slippage.add(cost.multiply(BigDecimal.valueOf(qty.units)))
    }
  }

  /** The session clock. */
  def now: Timestamp = day.now

  /** The strategy's post-only adds and modifies the engine refused because they would have crossed. */
  def crossRefused: Long = refusedCrossing

  /** Units of the strategy's IOC and FOK adds that expired instead of filling. */
  def expiredUnits: Long = expiredQty

  /** The exchange underneath, for tests. */
  def exchange = day.exchange

  /**
   * Closes the day (see `StrategyOrders.closeOut`) and gives its result; any position left is marked at the last
   * mid of its book (0 without one) and counted in `unflattened`. Call once, after the last recorded command.
   */
  def finish(date: java.time.LocalDate): DayResult = {
    orders.closeOut(venue)
    var left = 0L
    var mark = BigDecimal.ZERO
    var b = 0
    while (b < mids.length) {
      val p = orders.position(b)
      if (p != 0L) {
        left += math.abs(p)
        val mid = BigDecimal.valueOf(mids(b), Price.FractionDigits).multiply(ClosedLoopDay.Half)
        mark = mark.add(mid.multiply(BigDecimal.valueOf(p)))
      }
      b += 1
    }
    val fees = feePerShare.multiply(BigDecimal.valueOf(volume))
    DayResult(
      date,
      cash.add(mark).subtract(fees),
      fills,
      volume,
      fees,
      maxPosition,
      slippage,
      notional,
      recorded,
      orders.ordersIssued.toLong,
      left
    )
  }
}

object ClosedLoopDay {
  private val Half = new BigDecimal("0.5")
}
