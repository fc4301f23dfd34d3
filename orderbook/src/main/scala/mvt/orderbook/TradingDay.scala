package mvt.orderbook

import mvt.core.*

/**
 * An exchange with accounts and the session clock (`spec/trading-day.md`): routes commands to an `Exchange` of
 * `engine`, passes its events on to `events`, and derives the trade feed and the quote feed from them as they
 * happen, with no second pass. A feed that is `None` costs nothing. After its tables have grown, nothing is
 * allocated per command. Not thread-safe: the engine's thread drives it.
 */
final class TradingDay(
    engine: Engine,
    events: EventSink,
    trades: Option[TradeSink],
    quotes: Option[QuoteSink]
) extends AccountsTarget
    with EventSink {

  /** The exchange underneath; send commands through the trading day so the feeds see them. */
  val exchange = new Exchange(engine, this)

  private val tradeSink: TradeSink = trades.orNull
  private val quoteSink: QuoteSink = quotes.orNull

  private var clock = Timestamp.Epoch
  private var takerAccount = Account.House
  // resting orders of client accounts: id -> account; an id absent here rests for the house or does not rest.
  // Keyed like the exchange's index, by a window over the recent ids: a hashed table of a day's live orders
  // would cost a cache miss on most commands
  private val accounts = new IdMap()
  // makers filled by the current add: those that left the book lose their account entry after the add
  private var makers = new Array[Long](64)
  private var makerCount = 0
  // the top last reported per book (bid price, bid qty, ask price, ask qty); a new book is empty on both sides
  private var top = new Array[Long](16 * 4)

  /** The session clock. */
  def now: Timestamp = clock

  def bookOf(symbol: Symbol): Int = exchange.bookOf(symbol)

  override def time(at: Timestamp): Unit = clock = at

  override def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit = {
    takerAccount = account
    makerCount = 0
    exchange.place(book, id, side, price, qty, tif)
    forgetFilledMakers()
    if (quoteSink != null) afterCommand(book)
  }

  /** A modify: the order keeps its account, which its fills name as the taker's. */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    takerAccount = accountOf(id)
    makerCount = 0
    exchange.modify(book, id, price, qty)
    forgetFilledMakers()
    // a modified order that filled completely is gone: so is its account entry
    if (!takerAccount.isHouse && !exchange.isLive(id)) { val _ = accounts.remove(id.value) }
    if (quoteSink != null) afterCommand(book)
  }

  // makers that left the book during the last command lose their account entry
  private def forgetFilledMakers(): Unit = {
    var i = 0
    while (i < makerCount) {
      if (!exchange.isLive(OrderId(makers(i)))) { val _ = accounts.remove(makers(i)) }
      i += 1
    }
  }

  def cancel(book: Int, id: OrderId): Unit = {
    exchange.cancel(book, id)
    if (quoteSink != null) afterCommand(book)
  }

  // the spec compares the top after each command with the top before it; the last reported top is that
  private def afterCommand(b: Int): Unit = {
    if ((b + 1) * 4 > top.length) top = java.util.Arrays.copyOf(top, math.max(top.length * 2, (b + 1) * 4))
    val i = b * 4
    if (exchange.refreshTop(b, top, i))
      quoteSink.quote(clock, exchange.symbolOf(b), top(i), top(i + 1), top(i + 2), top(i + 3))
  }

  private def accountOf(id: OrderId): Account = Account(accounts.getOrElse(id.value, 0L).toInt)

  // events from the exchange: never call back into it from here (its contract)

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
    if (!takerAccount.isHouse) accounts.put(id.value, takerAccount.value.toLong)
    events.added(symbol, id, side, price, restingQty)
  }

  def executed(s: Symbol, buyId: OrderId, sellId: OrderId, p: Price, q: Quantity, aggressor: Side): Unit = {
    val maker = if (aggressor.isBuy) sellId else buyId
    if (makerCount == makers.length) makers = java.util.Arrays.copyOf(makers, makerCount * 2)
    makers(makerCount) = maker.value
    makerCount += 1
    if (tradeSink != null) {
      val makerAccount = accountOf(maker)
      if (aggressor.isBuy)
        tradeSink.trade(clock, s, p, q, buyId, takerAccount, sellId, makerAccount, aggressor)
      else tradeSink.trade(clock, s, p, q, buyId, makerAccount, sellId, takerAccount, aggressor)
    }
    events.executed(s, buyId, sellId, p, q, aggressor)
  }

  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = {
    val _ = accounts.remove(id.value)
    events.canceled(symbol, id, canceledQty)
  }

  def cancelRejected(symbol: Symbol, id: OrderId): Unit = events.cancelRejected(symbol, id)

  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = events.rejected(symbol, id, reason)

  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = events.expired(symbol, id, qty)

  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    events.modified(symbol, id, side, price, restingQty)

  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    events.modifyRejected(symbol, id, reason)

  /** Client orders resting with their account known; equals the resting client orders (for tests). */
  def trackedAccounts: Int = accounts.size
}
