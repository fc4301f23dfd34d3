package mvt.bench.peer

import exchange.core2.collections.objpool.ObjectsPool
import exchange.core2.core.common.{
  CoreSymbolSpecification,
  MatcherEventType,
  OrderAction,
  OrderType,
  SymbolType
}
import exchange.core2.core.common.cmd.{OrderCommand, OrderCommandType}
import exchange.core2.core.common.config.LoggingConfiguration
import exchange.core2.core.processors.SharedPool
import exchange.core2.core.orderbook.{
  IOrderBook,
  OrderBookDirectImpl,
  OrderBookEventsHelper,
  OrderBookNaiveImpl
}
import mvt.core.{Account, Gcd, OrderId, Price, Quantity, Side, Symbol, TimeInForce}
import mvt.orderbook.CommandTarget
import mvt.workload.CommandBatch

/**
 * Drives exchange-core's order books directly (no disruptor pipeline), one book per symbol, on our command
 * streams: the outside peer of the throughput and latency tables. It tallies trades per symbol so a run can be
 * checked against ours. exchange-core validates neither prices nor sizes nor duplicate ids, so the adapter
 * skips adds that our engine would reject for range, as our engine does.
 *
 * Configured as exchange-core runs in production, not as in its tests: all books of the (one) matching engine
 * share one `ObjectsPool` sized as `MatchingEngineRouter` sizes it, and their events helper draws on a
 * `SharedPool` sized as `ExchangeCore` sizes it. (In 0.5.3 that helper still allocates each event: its pooling
 * switch, `EVENTS_POOLING`, is a compile-time false, and the pipeline never returns chains.) Prices are handed
 * over as exchange-core's users give them, an integer count of the symbol's tick (`ticks(s)` raw units of
 * 1e-8, e.g. from `ticksOf`), not in raw units.
 *
 * The forms of `spec/order-types.md` map to exchange-core's own where it has them: IOC to its `IOC`; a modify to a
 * `REDUCE_ORDER` (same price, less quantity), a `MOVE_ORDER` (new price, same quantity), both (new price, less
 * quantity), or a cancel and a new order (more quantity), reading the order once (`getOrderById`) to tell them
 * apart. exchange-core 0.5.3 has no post-only order, so `POST` is placed as GTC (the same unless it would cross),
 * and no plain fill-or-kill (`FOK_BUDGET` bounds the total price, not the quantity), so `FOK` adds are not sent
 * and counted in `skippedFok`: compare the peer on streams without them, as the `exchange-core` profile is. Not
 * thread-safe.
 */
final class ExchangeCorePeer(
    kind: ExchangeCorePeer.Kind,
    symbols: Int,
    ticks: Array[Long] = Array.emptyLongArray
) {
  private val tick: Array[Long] = Array.tabulate(symbols)(s => if (s < ticks.length) ticks(s) else 1L)
  require(tick.forall(_ > 0L), s"ticks must be positive: ${tick.mkString(",")}")
  private val objectsPool = ExchangeCorePeer.productionObjectsPool()
  private val sharedPool = ExchangeCorePeer.productionSharedPool()
  private val events = new OrderBookEventsHelper(() => sharedPool.getChain())
  private val books: Array[IOrderBook] = Array.tabulate(symbols) { s =>
    val spec = CoreSymbolSpecification
      .builder()
      .symbolId(s)
      .`type`(SymbolType.CURRENCY_EXCHANGE_PAIR)
      .baseCurrency(0)
      .quoteCurrency(1)
      .baseScaleK(1)
      .quoteScaleK(1)
      .build()
    kind match {
      case ExchangeCorePeer.Kind.Direct =>
        new OrderBookDirectImpl(spec, objectsPool, events, LoggingConfiguration.DEFAULT)
      case ExchangeCorePeer.Kind.Naive => new OrderBookNaiveImpl(spec, LoggingConfiguration.DEFAULT)
    }
  }
  private val cmd = new OrderCommand()
  cmd.orderType = OrderType.GTC
  cmd.uid = 1L // cancels must name the placing user; every order here has the same one

  /** Trades and traded volume per symbol index. */
  val trades = new Array[Long](symbols)
  val volume = new Array[Long](symbols)

  /** FOK adds not sent (exchange-core 0.5.3 has no quantity fill-or-kill). */
  var skippedFok = 0L

  def add(symbol: Int, id: Long, buy: Boolean, price: Long, qty: Long): Unit =
    place(symbol, id, buy, price, qty, OrderType.GTC)

  /** An add with a time in force, mapped as the class comment says. */
  def add(symbol: Int, id: Long, buy: Boolean, price: Long, qty: Long, tif: TimeInForce): Unit =
    if (tif == TimeInForce.Ioc) place(symbol, id, buy, price, qty, OrderType.IOC)
    else if (tif == TimeInForce.Fok) skippedFok += 1
    else place(symbol, id, buy, price, qty, OrderType.GTC)

  /** A modify: a reduce, a move, both, or a cancel and a new order (see the class comment). */
  def modify(symbol: Int, id: Long, price: Long, qty: Long): Unit =
    if (Price.fromRaw(price).isValid && Quantity(qty).isValid) {
      val o = books(symbol).getOrderById(id)
      if (o != null) {
        val left = o.getSize - o.getFilled
        val ticks = price / tick(symbol)
        if (qty > left) {
          val buy = o.getAction == OrderAction.BID
          cancel(symbol, id)
          place(symbol, id, buy, price, qty, OrderType.GTC)
        } else {
          if (qty < left) {
            cmd.command = OrderCommandType.REDUCE_ORDER
            cmd.orderId = id
            cmd.symbol = symbol
            cmd.size = left - qty
            cmd.matcherEvent = null
            val _ = books(symbol).reduceOrder(cmd)
          }
          if (ticks != o.getPrice) {
            cmd.command = OrderCommandType.MOVE_ORDER
            cmd.orderId = id
            cmd.symbol = symbol
            cmd.price = ticks
            cmd.matcherEvent = null
            val _ = books(symbol).moveOrder(cmd)
            tally(symbol)
          }
        }
      }
    }

  private def place(symbol: Int, id: Long, buy: Boolean, price: Long, qty: Long, orderType: OrderType): Unit =
    if (Price.fromRaw(price).isValid && Quantity(qty).isValid) {
      val ticks = price / tick(symbol)
      cmd.orderType = orderType
      cmd.command = OrderCommandType.PLACE_ORDER
      cmd.orderId = id
      cmd.symbol = symbol
      cmd.action = if (buy) OrderAction.BID else OrderAction.ASK
      cmd.price = ticks
      // a bid may later move up (MOVE_ORDER refuses a bid above its reserve price): reserve the highest price
      cmd.reserveBidPrice = (Price.Limit - 1L) / tick(symbol)
      cmd.size = qty
      cmd.matcherEvent = null // otherwise the previous command's events leak into this one
      books(symbol).newOrder(cmd)
      tally(symbol)
    }

  def cancel(symbol: Int, id: Long): Unit = {
    cmd.command = OrderCommandType.CANCEL_ORDER
    cmd.orderId = id
    cmd.symbol = symbol
    cmd.matcherEvent = null
    val _ = books(symbol).cancelOrder(cmd)
  }

  private def tally(symbol: Int): Unit = {
    var e = cmd.matcherEvent
    while (e != null) {
      if (e.eventType == MatcherEventType.TRADE) {
        trades(symbol) += 1
        volume(symbol) += e.size
      }
      e = e.nextEvent
    }
  }

  /**
   * This peer as a command target, so it is driven by the one replay loop like our engines: a symbol's book is its
   * index in `symbols` (the batch's table, whose indices must be below `symbols`), and `time` commands are
   * ignored (exchange-core has no session clock).
   */
  def target(names: IndexedSeq[Symbol]): CommandTarget = new CommandTarget {
    private val index = names.zipWithIndex.toMap
    def bookOf(symbol: Symbol): Int = index(symbol)
    def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit =
      ExchangeCorePeer.this.add(book, id.value, side.isBuy, price.raw, qty.units)
    def cancel(book: Int, id: OrderId): Unit = ExchangeCorePeer.this.cancel(book, id.value)
    def add(
        book: Int,
        id: OrderId,
        side: Side,
        price: Price,
        qty: Quantity,
        account: Account,
        tif: TimeInForce
    ): Unit =
      ExchangeCorePeer.this.add(book, id.value, side.isBuy, price.raw, qty.units, tif)
    def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit =
      ExchangeCorePeer.this.modify(book, id.value, price.raw, qty.units)
  }

  /** Applies every command of `batch`. */
  def replay(batch: CommandBatch): Unit = batch.replay(target(batch.symbols))

  /** exchange-core's own consistency check of every book. */
  def validate(): Unit = books.foreach(_.validateInternalState())
}

object ExchangeCorePeer {

  /** `MatchingEngineRouter`'s pool (exchange-core 0.5.3): capacities per pooled type, shared by a shard's books. */
  def productionObjectsPool(): ObjectsPool = {
    val sizes = new java.util.HashMap[Integer, Integer]()
    sizes.put(ObjectsPool.DIRECT_ORDER, 1024 * 1024)
    sizes.put(ObjectsPool.DIRECT_BUCKET, 1024 * 64)
    sizes.put(ObjectsPool.ART_NODE_4, 1024 * 32)
    sizes.put(ObjectsPool.ART_NODE_16, 1024 * 16)
    sizes.put(ObjectsPool.ART_NODE_48, 1024 * 8)
    sizes.put(ObjectsPool.ART_NODE_256, 1024 * 4)
    new ObjectsPool(sizes)
  }

  /**
   * `ExchangeCore`'s event-chain pool (exchange-core 0.5.3) for one matching and one risk engine: (1 + 1) * 8
   * chains made up front, up to four times that kept, chains of one event (its `EVENTS_POOLING` is off).
   */
  def productionSharedPool(): SharedPool = {
    val initial = (1 + 1) * 8
    new SharedPool(initial * 4, initial, 1)
  }

  /**
   * The tick of each symbol of `batch` in raw price units: the gcd of the valid prices its adds carry (1 for a
   * symbol with none). Remembers the last batch it was asked about, so repeated passes over one batch pay once.
   */
  def ticksOf(batch: CommandBatch): Array[Long] = {
    val known = lastTicks
    if (known != null && (known._1 eq batch)) known._2
    else {
      val g = new Array[Long](batch.symbols.size)
      var i = 0
      while (i < batch.size) {
        if (batch.isAdd(i) || batch.kind(i) == mvt.core.CommandReader.Modify) {
          val p = batch.price(i)
          if (Price.fromRaw(p).isValid) {
            val s = batch.symbolIndex(i)
            g(s) = Gcd(g(s), p)
          }
        }
        i += 1
      }
      val ticks = g.map(t => if (t == 0L) 1L else t)
      lastTicks = (batch, ticks)
      ticks
    }
  }

  @volatile private var lastTicks: (CommandBatch, Array[Long]) = null

  /** A peer for `batch`: as many books as it has symbols, prices in each symbol's ticks. */
  def forBatch(kind: Kind, batch: CommandBatch): ExchangeCorePeer =
    new ExchangeCorePeer(kind, batch.symbols.size, ticksOf(batch))

  /** Which of exchange-core's books: the production `OrderBookDirectImpl` or the reference `OrderBookNaiveImpl`. */
  enum Kind(val label: String) {
    case Direct extends Kind("exchange-core-direct")
    case Naive extends Kind("exchange-core-naive")
  }
}
