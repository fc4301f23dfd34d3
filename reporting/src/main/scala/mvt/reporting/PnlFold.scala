package mvt.reporting

import java.math.BigDecimal
import scala.collection.mutable

/**
 * The client-report fold of `spec/reporting.md`, event-sourced: feed lines in (trades and quotes, in time
 * order), and each whole hour that the clock passes closes with every (account, symbol)'s PnL at that hour,
 * even when no trade follows. Account 0, the house, is left out. Exact decimal arithmetic throughout.
 * Mutable and not thread-safe: one fold per reader.
 */
final class PnlFold(feePerShare: BigDecimal) {
  import PnlFold.*

  // symbols numbered as they come; a key is (account << 32 | symbol number)
  private val symbolNo = mutable.HashMap.empty[String, Int]
  private var symbolNames = new Array[String](16)
  private val lots = mutable.LongMap.empty[Lots]
  // mark of a symbol: the last two-sided mid (bid + ask, halved when read), else the last trade price; 0: none
  private var bidAsk = new Array[Long](16)
  private var lastTrade = new Array[Long](16)
  // PnL of each key at each closed hour (epoch hours); a key absent at an hour had no fill yet (PnL 0)
  private val hourly = mutable.HashMap.empty[Key, mutable.LongMap[BigDecimal]]
  private var clock = Long.MinValue // nanoseconds of the last line
  private var closedUpTo = Long.MinValue // the last whole hour closed, in epoch hours

  /** The time of the last line folded, in epoch nanoseconds. */
  def now: Long = clock

  /** Closes every whole hour before `t` (a line at exactly an hour belongs to that hour), then moves the clock. */
  private def advance(t: Long): Unit = {
    if (t < clock) throw new IllegalArgumentException("feed lines must come in time order")
    val lastBefore = Math.floorDiv(t - 1, NanosPerHour)
    if (closedUpTo == Long.MinValue) closedUpTo = lastBefore
    else while (closedUpTo < lastBefore) { closedUpTo += 1; close(closedUpTo) }
    clock = t
  }

  /** Every whole hour up to and including the one at or before `t` is closed (end of the feeds at `t`). */
  def closeThrough(t: Long): Unit = {
    val last = Math.floorDiv(t, NanosPerHour)
    if (closedUpTo == Long.MinValue) closedUpTo = last - 1
    while (closedUpTo < last) { closedUpTo += 1; close(closedUpTo) }
  }

  private def close(hour: Long): Unit =
    lots.foreach((k, l) =>
      hourly.getOrElseUpdate(keyOf(k), mutable.LongMap.empty).update(
        hour,
        l.pnl(markOf(symbolOf(k)), feePerShare)
      )
    )

  // feed lines of one symbol tend to come together: the last one's number is kept
  private var lastSymbol: String = null
  private var lastNumber = -1

  private def number(symbol: String): Int =
    if (symbol eq lastSymbol) lastNumber
    else {
      lastNumber = numberOf(symbol)
      lastSymbol = symbol
      lastNumber
    }

  private def numberOf(symbol: String): Int =
    symbolNo.getOrElseUpdate(
      symbol, {
        val n = symbolNo.size
        if (n == symbolNames.length) {
          symbolNames = java.util.Arrays.copyOf(symbolNames, n * 2)
          bidAsk = java.util.Arrays.copyOf(bidAsk, n * 2)
          lastTrade = java.util.Arrays.copyOf(lastTrade, n * 2)
        }
        symbolNames(n) = symbol
        n
      }
    )

  private def symbolOf(k: Long): Int = (k & 0xffffffffL).toInt
  private def keyOf(k: Long): Key = Key((k >>> 32).toInt, symbolNames(symbolOf(k)))
  private def lotsOf(account: Int, symbol: Int): Lots =
    lots.getOrElseUpdate((account.toLong << 32) | symbol, new Lots)

  private def markOf(symbol: Int): BigDecimal =
    if (bidAsk(symbol) != 0L) BigDecimal.valueOf(bidAsk(symbol), 8).divide(Two)
    else BigDecimal.valueOf(lastTrade(symbol), 8)

  /** A trade line: both accounts fill, the buyer first (so a self-trade is a buy, then a sell). */
  def trade(t: Long, symbol: String, priceUnits: Long, qty: Long, buyAccount: Int, sellAccount: Int): Unit = {
    advance(t)
    val s = number(symbol)
    if (buyAccount != 0) lotsOf(buyAccount, s).fill(true, qty, priceUnits)
    if (sellAccount != 0) lotsOf(sellAccount, s).fill(false, qty, priceUnits)
    lastTrade(s) = priceUnits
  }

  /** A quote line; only a two-sided one sets the mark. */
  def quote(t: Long, symbol: String, bidUnits: Long, askUnits: Long, twoSided: Boolean): Unit = {
    advance(t)
    // numbered first: numbering a new symbol may replace the array that is then written
    val s = number(symbol)
    // prices are below 1e18 units, so their sum fits a Long
    if (twoSided) bidAsk(s) = bidUnits + askUnits
  }

  /** PnL of `key` at a closed whole hour; 0 before its first fill. */
  def pnlAt(key: Key, hour: Long): BigDecimal =
    hourly.get(key).flatMap(_.get(hour)).getOrElse(BigDecimal.ZERO)

  /** The last whole hour closed, in epoch hours (Long.MinValue before any line). */
  def lastClosedHour: Long = closedUpTo

  /**
   * The report at whole hour `hour` (epoch hours), which must be closed and the last one closed (the fold's
   * state is that hour's): one row per key with a fill at or before it, in account then symbol byte order.
   */
  def report(hour: Long): Vector[Row] = {
    require(hour == closedUpTo, s"the report is made at the last closed hour ($closedUpTo), not $hour")
    lots.toVector.map((k, l) => (keyOf(k), symbolOf(k), l)).sortBy(_._1).flatMap { (k, s, l) =>
      hourly.get(k).flatMap(_.get(hour)).map { pnl =>
        val mark = markOf(s)
        Row(
          k,
          l.position,
          l.realized,
          l.unrealized(mark),
          l.fees(feePerShare),
          pnl,
          Trend.of(pnl.subtract(pnlAt(k, hour - 1))),
          Trend.of(pnl.subtract(pnlAt(k, hour - 24))),
          Trend.of(pnl.subtract(pnlAt(k, hour - 168)))
        )
      }
    }
  }
}

object PnlFold {
  val NanosPerHour: Long = 3600L * 1000000000L
  private val Two = BigDecimal.valueOf(2)

  /** An (account, symbol) pair, ordered by account, then symbol bytes. */
  final case class Key(account: Int, symbol: String)
  object Key {
    given Ordering[Key] = Ordering.by((k: Key) => (k.account, k.symbol))
  }

  /** Whether a figure went up, down, or nowhere: zero is flat. */
  enum Trend(val word: String) {
    case Positive extends Trend("positive")
    case Negative extends Trend("negative")
    case Flat extends Trend("flat")
  }
  object Trend {
    def of(change: BigDecimal): Trend = change.signum match {
      case 1 => Positive
      case -1 => Negative
      case _ => Flat
    }
  }

  /** One line of the report. */
  final case class Row(
      key: Key,
      position: Long,
      realized: BigDecimal,
      unrealized: BigDecimal,
      fees: BigDecimal,
      pnl: BigDecimal,
      lastHour: Trend,
      lastDay: Trend,
      last7Days: Trend
  ) {

    /** The spec's CSV line. */
    def render: String =
      Vector(
        key.account.toString,
        key.symbol,
        position.toString,
        Money.render(realized),
        Money.render(unrealized),
        Money.render(fees),
        Money.render(pnl),
        lastHour.word,
        lastDay.word,
        last7Days.word
      ).mkString(",")
  }

  val Header = "account,symbol,position,realized,unrealized,fees,pnl,last_hour,last_day,last_7_days"
}

/** The canonical text of an exact amount: plain decimal, no trailing fraction zeros, `0` for zero. */
object Money {
  def render(v: BigDecimal): String =
    if (v.signum == 0) "0" else v.stripTrailingZeros.toPlainString
}
