package mvt.bench.report

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.reporting.{FeedLine, PnlFold}
import mvt.reporting.baseline.NaiveTrendReport
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.time.LocalDate

/**
 * The trade and quote feeds of a generated multi-day session, merged in the order the trading day emitted
 * them (time order), held in primitive columns so that replaying them into a fold costs nothing but the fold.
 * A line is a trade (price, quantity, both orders and accounts) or a quote (bid and ask, 0 for an empty side).
 * Symbols are one `String` each, as a parser with a symbol table hands them over. Immutable once built.
 */
final class ReportFeed private (
    val symbolNames: Array[String],
    kinds: Array[Byte],
    times: Array[Long],
    symbols: Array[Int],
    first: Array[Long], // trade: price; quote: bid
    second: Array[Long], // trade: quantity; quote: ask
    buyOrders: Array[Long],
    sellOrders: Array[Long],
    buyAccounts: Array[Int],
    sellAccounts: Array[Int],
    val size: Int,
    val trades: Int
) {
  import ReportFeed.*

  /** The instant of the last line, in epoch nanoseconds. */
  def end: Long = if (size == 0) Long.MinValue else times(size - 1)

  /** Distinct client accounts (the house left out) that have at least one fill. */
  def accounts: Vector[Int] = {
    val seen = scala.collection.mutable.BitSet.empty
    var i = 0
    while (i < size) {
      if (kinds(i) == Trade) {
        if (buyAccounts(i) != 0) seen += buyAccounts(i)
        if (sellAccounts(i) != 0) seen += sellAccounts(i)
      }
      i += 1
    }
    seen.toVector
  }

  /** Feeds every line, in order, into `fold`, then closes the hours up to the end; the trade lines fed. */
  def replay(fold: PnlFold): Int = {
    var i = 0
    while (i < size) {
      val s = symbolNames(symbols(i))
      kinds(i) match {
        case Trade => fold.trade(times(i), s, first(i), second(i), buyAccounts(i), sellAccounts(i))
        case TwoSided => fold.quote(times(i), s, first(i), second(i), true)
        case _ => fold.quote(times(i), s, first(i), second(i), false)
      }
      i += 1
    }
    if (size > 0) fold.closeThrough(end)
    trades
  }

  /** The lines as parsed feed lines, each feed in its own order (what `mvt report` would read back). */
  def feedLines: (Vector[FeedLine.Trade], Vector[FeedLine.Quote]) = {
    val trades = Vector.newBuilder[FeedLine.Trade]
    val quotes = Vector.newBuilder[FeedLine.Quote]
    var i = 0
    while (i < size) {
      val s = symbolNames(symbols(i))
      if (kinds(i) == Trade)
        trades += FeedLine.Trade(times(i), s, first(i), second(i), buyAccounts(i), sellAccounts(i))
      else quotes += FeedLine.Quote(times(i), s, first(i), second(i), kinds(i) == TwoSided)
      i += 1
    }
    (trades.result(), quotes.result())
  }

  /** The trade lines as the old design's stored records. */
  def tradeRecords: Vector[NaiveTrendReport.TradeRecord] = {
    val out = Vector.newBuilder[NaiveTrendReport.TradeRecord]
    var i = 0
    while (i < size) {
      if (kinds(i) == Trade)
        out += NaiveTrendReport.TradeRecord(
          times(i),
          symbolNames(symbols(i)),
          first(i),
          second(i),
          buyOrders(i),
          buyAccounts(i),
          sellOrders(i),
          sellAccounts(i)
        )
      i += 1
    }
    out.result()
  }
}

object ReportFeed {
  private val Trade: Byte = 0
  private val TwoSided: Byte = 1
  private val OneSided: Byte = 2

  /** What to generate: days of `commandsPerDay` commands each, over `symbols` symbols, placed by `accounts`. */
  final case class Shape(days: Int, commandsPerDay: Int, accounts: Int, symbols: Int, seed: Long) {
    require(
      days >= 1 && commandsPerDay >= 1 && accounts >= 1 && symbols >= 1,
      s"a shape needs positive sizes: $this"
    )

    def render: String =
      f"$days%,d days of $commandsPerDay%,d commands, $accounts%,d accounts, $symbols%,d symbols, seed $seed"
  }

  /** The days a shape stands for: weekdays from 2026-01-05, the `normal` flow over its symbols, Zipf accounts. */
  def plan(shape: Shape): DayPlan =
    DayPlan(
      LocalDate.parse("2026-01-05"),
      shape.days,
      shape.commandsPerDay,
      WorkloadProfile.normal.copy(symbols = shape.symbols),
      AccountMix(shape.accounts),
      shape.seed
    )

  /**
   * Generates the plan's days and runs each through a fresh `TradingDay` of the fast engine (books start empty
   * every morning, order ids continue), collecting both feeds as they come out.
   */
  def generate(shape: Shape): ReportFeed = {
    val sink = new Collector
    new DayGenerator(plan(shape)).foreach { day =>
      val td = new TradingDay(Engine.Fast, EventSink.Ignore, Some(sink), Some(sink))
      day.batch.replay(td)
    }
    sink.result()
  }

  // both feeds into growing columns; one symbol number per distinct name
  private final class Collector extends TradeSink with QuoteSink {
    private val numbers = new java.util.HashMap[String, Integer]
    private var names = Vector.empty[String]
    private var n = 0
    private var trades = 0
    private var kinds = new Array[Byte](1 << 16)
    private var times = new Array[Long](1 << 16)
    private var symbols = new Array[Int](1 << 16)
    private var first = new Array[Long](1 << 16)
    private var second = new Array[Long](1 << 16)
    private var buyOrders = new Array[Long](1 << 16)
    private var sellOrders = new Array[Long](1 << 16)
    private var buyAccounts = new Array[Int](1 << 16)
    private var sellAccounts = new Array[Int](1 << 16)

    private def number(s: Symbol): Int = {
      val known = numbers.get(s.name)
      if (known != null) known.intValue
      else {
        val k = names.size
        names = names :+ s.name
        numbers.put(s.name, k)
        k
      }
    }

    private def next(kind: Byte, time: Timestamp, s: Symbol, a: Long, b: Long): Int = {
      if (n == kinds.length) {
        val c = n * 2
        kinds = java.util.Arrays.copyOf(kinds, c)
        times = java.util.Arrays.copyOf(times, c)
        symbols = java.util.Arrays.copyOf(symbols, c)
        first = java.util.Arrays.copyOf(first, c)
        second = java.util.Arrays.copyOf(second, c)
        buyOrders = java.util.Arrays.copyOf(buyOrders, c)
        sellOrders = java.util.Arrays.copyOf(sellOrders, c)
        buyAccounts = java.util.Arrays.copyOf(buyAccounts, c)
        sellAccounts = java.util.Arrays.copyOf(sellAccounts, c)
      }
      kinds(n) = kind
      times(n) = time.epochNanos
      symbols(n) = number(s)
      first(n) = a
      second(n) = b
      n += 1
      n - 1
    }

    def trade(
        time: Timestamp,
        symbol: Symbol,
        price: Price,
        qty: Quantity,
        buyId: OrderId,
        buyAccount: Account,
        sellId: OrderId,
        sellAccount: Account,
        aggressor: Side
    ): Unit = {
      val i = next(Trade, time, symbol, price.raw, qty.units)
      buyOrders(i) = buyId.value
      sellOrders(i) = sellId.value
      buyAccounts(i) = buyAccount.value
      sellAccounts(i) = sellAccount.value
      trades += 1
    }

    def quote(
        time: Timestamp,
        symbol: Symbol,
        bidPrice: Long,
        bidQty: Long,
        askPrice: Long,
        askQty: Long
    ): Unit =
      val _ =
        next(if (bidPrice != 0L && askPrice != 0L) TwoSided else OneSided, time, symbol, bidPrice, askPrice)

    def result(): ReportFeed =
      new ReportFeed(
        names.toArray,
        kinds,
        times,
        symbols,
        first,
        second,
        buyOrders,
        sellOrders,
        buyAccounts,
        sellAccounts,
        n,
        trades
      )
  }
}
