package mvt.reporting

import java.math.BigDecimal
import scala.collection.mutable

/**
 * The client-report fold of `spec/reporting.md`, event-sourced: feed lines in (trades and quotes, in time
 * order), and each whole hour that the clock passes closes, emitting the figures of every (account, symbol)
 * whose PnL moved, even when no trade follows. Account 0, the house, is left out. Exact decimal arithmetic
 * throughout. `keepHistory` keeps the closed hours in memory for `report` and `pnlAt`; `emitFigures` collects
 * them, with the keys whose state changed, for a store to drain. Mutable and not thread-safe: one fold per
 * reader.
 */
final class PnlFold(feePerShare: BigDecimal, keepHistory: Boolean = true, emitFigures: Boolean = false) {
  import PnlFold.*

  // symbols numbered as they come; a key is (account << 32 | symbol number)
  private val symbolNo = mutable.HashMap.empty[String, Int]
  private var symbolNames = new Array[String](16)
  private val lots = mutable.LongMap.empty[Lots]
  // mark of a symbol: the last two-sided mid (bid + ask, halved when read), else the last trade price; 0: none
  private var bidAsk = new Array[Long](16)
  private var lastTrade = new Array[Long](16)
  // counts each symbol's mark changes: a key whose lots saw this count at its last close has the same PnL
  private var markSeq = new Array[Long](16)
  // PnL of each key at the closed hours where it moved (epoch hours); before its first, the key had no fill
  private val hourly = mutable.HashMap.empty[Key, HourSteps]
  // what a store has not drained yet: the figures of closed hours, and the keys whose lots changed
  private val figures = mutable.ArrayBuffer.empty[HourFigure]
  private val dirty = mutable.LongMap.empty[Lots]
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

  // a key's PnL can only have moved if it filled since the last close or holds lots and its mark moved since
  private def close(hour: Long): Unit =
    lots.foreachEntry { (k, l) =>
      val sym = symbolOf(k)
      if (l.filledSinceClose || l.closedPnl == null || l.isOpen && l.markSeen != markSeq(sym)) {
        l.markSeen = markSeq(sym)
        val mark = markOf(sym)
        val pnl = l.pnl(mark, feePerShare)
        if (l.filledSinceClose || l.closedPnl == null || pnl.compareTo(l.closedPnl) != 0) {
          val key = keyOf(k)
          if (keepHistory) hourly.getOrElseUpdate(key, new HourSteps).add(hour, pnl)
          if (emitFigures) {
            figures += HourFigure(
              key.account,
              key.symbol,
              hour,
              l.position,
              l.realized,
              l.unrealized(mark),
              l.fees(feePerShare),
              pnl
            )
            dirty.update(k, l)
          }
          l.closedPnl = pnl
        }
        l.filledSinceClose = false
      }
    }

  /** The figures of the hours closed since the last drain, in hour order, and forgets them. */
  def drainFigures(): Vector[HourFigure] = {
    val v = figures.toVector
    figures.clear()
    v
  }

  /** The lots of every key that changed since the last drain, with its symbol, and forgets which. */
  def drainChanged(): Vector[(Int, String, Lots)] = {
    val v = dirty.iterator.map((k, l) => ((k >>> 32).toInt, symbolNames(symbolOf(k)), l)).toVector
    dirty.clear()
    v
  }

  /** Every symbol's mark inputs: (symbol, bid + ask of the last two-sided quote or 0, last trade price or 0). */
  def marks: Vector[(String, Long, Long)] =
    Vector.tabulate(symbolNo.size)(i => (symbolNames(i), bidAsk(i), lastTrade(i)))

  /** A fold resumed from what a store kept: the clock, the last closed hour, the marks and every key's lots. */
  def restore(
      clockNanos: Long,
      closedHour: Long,
      markInputs: Iterable[(String, Long, Long)],
      keyed: Iterable[(Int, String, Lots)]
  ): Unit = {
    require(lots.isEmpty && clock == Long.MinValue, "only a fresh fold can be restored")
    clock = clockNanos
    closedUpTo = closedHour
    markInputs.foreach { (s, ba, lt) =>
      val n = numberOf(s)
      bidAsk(n) = ba
      lastTrade(n) = lt
    }
    keyed.foreach((a, s, l) => lots.update((a.toLong << 32) | numberOf(s), l))
  }

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
          markSeq = java.util.Arrays.copyOf(markSeq, n * 2)
        }
        symbolNames(n) = symbol
        n
      }
    )

  private def symbolOf(k: Long): Int = (k & 0xffffffffL).toInt
  private def keyOf(k: Long): Key = Key((k >>> 32).toInt, symbolNames(symbolOf(k)))

  private def markOf(symbol: Int): BigDecimal =
    if (bidAsk(symbol) != 0L) BigDecimal.valueOf(bidAsk(symbol), 8).divide(Two)
    else BigDecimal.valueOf(lastTrade(symbol), 8)

  /** A trade line: both accounts fill, the buyer first (so a self-trade is a buy, then a sell). */
  def trade(t: Long, symbol: String, priceUnits: Long, qty: Long, buyAccount: Int, sellAccount: Int): Unit = {
    advance(t)
    val s = number(symbol)
    if (buyAccount != 0) fill(buyAccount, s, true, qty, priceUnits)
    if (sellAccount != 0) fill(sellAccount, s, false, qty, priceUnits)
    if (lastTrade(s) != priceUnits) {
      lastTrade(s) = priceUnits
      if (bidAsk(s) == 0L) markSeq(s) += 1
    }
  }

  private def fill(account: Int, s: Int, buy: Boolean, qty: Long, priceUnits: Long): Unit = {
    val k = (account.toLong << 32) | s
    val l = lots.getOrElseUpdate(k, new Lots)
    l.fill(buy, qty, priceUnits)
    if (emitFigures) dirty.update(k, l)
  }

  /** A quote line; only a two-sided one sets the mark. */
  def quote(t: Long, symbol: String, bidUnits: Long, askUnits: Long, twoSided: Boolean): Unit = {
    advance(t)
    // numbered first: numbering a new symbol may replace the arrays. Prices are below 1e18 units, so the sum fits.
    val s = number(symbol)
    if (twoSided && bidAsk(s) != bidUnits + askUnits) {
      bidAsk(s) = bidUnits + askUnits
      markSeq(s) += 1
    }
  }

  /** PnL of `key` at a closed whole hour; 0 before its first fill. */
  def pnlAt(key: Key, hour: Long): BigDecimal =
    hourly.get(key).map(_.at(hour)).getOrElse(BigDecimal.ZERO)

  /** The last whole hour closed, in epoch hours (Long.MinValue before any line). */
  def lastClosedHour: Long = closedUpTo

  /**
   * The report at whole hour `hour` (epoch hours), which must be closed and the last one closed (the fold's
   * state is that hour's): one row per key with a fill at or before it, in account then symbol byte order.
   */
  def report(hour: Long): Vector[Row] = {
    require(hour == closedUpTo, s"the report is made at the last closed hour ($closedUpTo), not $hour")
    lots.toVector.map((k, l) => (keyOf(k), symbolOf(k), l)).sortBy(_._1).flatMap { (k, s, l) =>
      hourly.get(k).filter(_.startsBy(hour)).map(_.at(hour)).map { pnl =>
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
