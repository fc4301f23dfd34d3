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
import exchange.core2.core.orderbook.{
  IOrderBook,
  OrderBookDirectImpl,
  OrderBookEventsHelper,
  OrderBookNaiveImpl
}
import mvt.core.{Price, Quantity}
import mvt.workload.CommandBatch

/**
 * Drives exchange-core's order books directly (no disruptor pipeline), one book per symbol, on our command
 * streams: the outside peer of the throughput and latency tables. It tallies trades per symbol so a run can be
 * checked against ours. exchange-core validates neither prices nor sizes nor duplicate ids, so the adapter
 * skips adds that our engine would reject for range, as our engine does. Not thread-safe.
 */
final class ExchangeCorePeer(kind: ExchangeCorePeer.Kind, symbols: Int) {
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
        new OrderBookDirectImpl(
          spec,
          ObjectsPool.createDefaultTestPool(),
          OrderBookEventsHelper.NON_POOLED_EVENTS_HELPER,
          LoggingConfiguration.DEFAULT
        )
      case ExchangeCorePeer.Kind.Naive => new OrderBookNaiveImpl(spec, LoggingConfiguration.DEFAULT)
    }
  }
  private val cmd = new OrderCommand()
  cmd.orderType = OrderType.GTC
  cmd.uid = 1L // cancels must name the placing user; every order here has the same one

  /** Trades and traded volume per symbol index. */
  val trades = new Array[Long](symbols)
  val volume = new Array[Long](symbols)

  def add(symbol: Int, id: Long, buy: Boolean, price: Long, qty: Long): Unit =
    if (Price.fromRaw(price).isValid && Quantity(qty).isValid) {
      cmd.command = OrderCommandType.PLACE_ORDER
      cmd.orderId = id
      cmd.symbol = symbol
      cmd.action = if (buy) OrderAction.BID else OrderAction.ASK
      cmd.price = price
      cmd.reserveBidPrice = price
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

  /** Applies commands `[from, until)` of `batch`, whose symbol indices must be below `symbols`. */
  def replay(batch: CommandBatch, from: Int = 0, until: Int = -1): Unit = {
    val end = if (until < 0) batch.size else until
    var i = from
    while (i < end) {
      if (batch.isAdd(i))
        add(batch.symbolIndex(i), batch.id(i), batch.side(i).isBuy, batch.price(i), batch.qty(i))
      else cancel(batch.symbolIndex(i), batch.id(i))
      i += 1
    }
  }

  /** exchange-core's own consistency check of every book. */
  def validate(): Unit = books.foreach(_.validateInternalState())
}

object ExchangeCorePeer {

  /** Which of exchange-core's books: the production `OrderBookDirectImpl` or the reference `OrderBookNaiveImpl`. */
  enum Kind(val label: String) {
    case Direct extends Kind("exchange-core-direct")
    case Naive extends Kind("exchange-core-naive")
  }
}
