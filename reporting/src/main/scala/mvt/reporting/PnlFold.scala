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

  // symbols numbered as they come; each key's lots by `slotOf(account, symbol number)`
  private val symbolNo = mutable.HashMap.empty[String, Int]
  private var symbolNames = new Array[String](16)
  private val lots = mutable.LongMap.empty[Lots]
  // every key's lots again, numbered in arrival order (`Lots.index`), for the hourly close
  private var allLots = new Array[Lots](64)
  private var keyCount = 0
  // keys filled since the last close, by number
  private var dirty = new Array[Int](64)
  private var dirtyCount = 0
  // each symbol's twice-mark (units) at the closed hours where it moved: a key's PnL at an hour is its lots'
  // state in force then, marked with this
  private var marks = Array.fill(16)(new HourSeries(1))
  // mark of a symbol: the last two-sided mid (bid + ask, halved when read), else the last trade price; 0: none
  private var bidAsk = new Array[Long](16)
  private var lastTrade = new Array[Long](16)
  // whether a symbol's mark may have moved since the last close: only then do its open positions' PnL change
  private var markMoved = new Array[Boolean](16)
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

  // a close keeps only what changed in the hour: the lots' state of each key filled in it, and the mark of each
  // symbol that moved; the PnL of a key at an hour is computed from the two when asked. So a close costs a
  // step per key filled and per symbol, whatever the number of keys, and an hour without trading next to nothing
  private def close(hour: Long): Unit = {
    var i = 0
    while (i < dirtyCount) {
      allLots(dirty(i)).close(hour, feePerShare, feeUnits)
      i += 1
    }
    dirtyCount = 0
    var s = 0
    while (s < symbolNames.length && symbolNames(s) != null) {
      if (markMoved(s)) {
        markMoved(s) = false
        val m = twiceMarkOf(s)
        if (marks(s).size == 0 || marks(s).last(0) != m) { val _ = marks(s).add(hour, m, 0L, 0L) }
      }
      s += 1
    }
  }

  // the PnL of lots `l` of symbol `s` at closed hour `hour`, or null before the key's first close
  private def pnlOf(l: Lots, s: Int, hour: Long): BigDecimal =
    if (hour > closedUpTo) null
    else {
      val m = marks(s).indexAt(hour)
      // a key closed at or before `hour` had a trade in its symbol by then, so the symbol has a mark by then
      if (m < 0) null else l.pnlAt(hour, marks(s).value(m, 0))
    }

  // a reader hands the same String over for a symbol again and again: a small direct-mapped cache by the
  // string's (cached) hash, checked by reference, spares the map lookup
  private val cachedNames = new Array[String](256)
  private val cachedNumbers = new Array[Int](256)

  private def number(symbol: String): Int = {
    val i = symbol.hashCode & 255
    if (cachedNames(i) eq symbol) cachedNumbers(i)
    else {
      val n = numberOf(symbol)
      cachedNames(i) = symbol
      cachedNumbers(i) = n
      n
    }
  }

  private def numberOf(symbol: String): Int =
    symbolNo.getOrElseUpdate(
      symbol, {
        val n = symbolNo.size
        if (n == symbolNames.length) {
          symbolNames = java.util.Arrays.copyOf(symbolNames, n * 2)
          bidAsk = java.util.Arrays.copyOf(bidAsk, n * 2)
          lastTrade = java.util.Arrays.copyOf(lastTrade, n * 2)
          markMoved = java.util.Arrays.copyOf(markMoved, n * 2)
          marks = java.util.Arrays.copyOf(marks, n * 2)
        }
        symbolNames(n) = symbol
        if (marks(n) == null) marks(n) = new HourSeries(1)
        n
      }
    )

  // the map's key for (account, symbol): the pair packed in a Long, then multiplied by an odd constant (a
  // bijection) so that its two halves are mixed; LongMap folds a key's halves with xor, and unmixed, account a
  // with symbol s and account a ^ s with symbol 0 would share a slot
  private def slotOf(account: Int, symbol: Int): Long =
    ((account.toLong << 32) | symbol) * 0x9e3779b97f4a7c15L

  private def lotsOf(account: Int, symbol: Int): Lots = {
    val k = slotOf(account, symbol)
    val known = lots.getOrNull(k)
    val l =
      if (known != null) known
      else {
        val created = new Lots
        created.index = keyCount
        created.symbol = symbol
        created.account = account
        lots.update(k, created)
        if (keyCount == allLots.length) allLots = java.util.Arrays.copyOf(allLots, keyCount * 2)
        allLots(keyCount) = created
        keyCount += 1
        created
      }
    // the first fill since the last close puts the key on the list of keys the next close recomputes
    if (!l.changedSinceClose) {
      if (dirtyCount == dirty.length) dirty = java.util.Arrays.copyOf(dirty, dirtyCount * 2)
      dirty(dirtyCount) = l.index
      dirtyCount += 1
    }
    l
  }

  // twice the mark in units: the bid plus the ask, or twice the last trade's price (both below 2^62)
  private def twiceMarkOf(symbol: Int): Long =
    if (bidAsk(symbol) != 0L) bidAsk(symbol) else 2L * lastTrade(symbol)

  // the fee per unit filled in 1e-8 units when it is a whole number of them (the Long path of the close), else -1
  private val feeUnits: Long =
    try feePerShare.movePointRight(8).longValueExact
    catch { case _: ArithmeticException => -1L }

  private def markOf(symbol: Int): BigDecimal =
    if (bidAsk(symbol) != 0L) BigDecimal.valueOf(bidAsk(symbol), 8).divide(Two)
    else BigDecimal.valueOf(lastTrade(symbol), 8)

  /** A trade line: both accounts fill, the buyer first (so a self-trade is a buy, then a sell). */
  def trade(t: Long, symbol: String, priceUnits: Long, qty: Long, buyAccount: Int, sellAccount: Int): Unit = {
    advance(t)
    val s = number(symbol)
    if (buyAccount != 0) lotsOf(buyAccount, s).fill(true, qty, priceUnits)
    if (sellAccount != 0) lotsOf(sellAccount, s).fill(false, qty, priceUnits)
    if (lastTrade(s) != priceUnits) { lastTrade(s) = priceUnits; markMoved(s) = true }
  }

  /** A quote line; only a two-sided one sets the mark. */
  def quote(t: Long, symbol: String, bidUnits: Long, askUnits: Long, twoSided: Boolean): Unit = {
    advance(t)
    // prices are below 1e18 units, so their sum fits a Long
    // numbered first: numbering a new symbol may grow bidAsk, and `bidAsk(number(s)) = v` would write the old array
    val s = number(symbol)
    if (twoSided && bidAsk(s) != bidUnits + askUnits) { bidAsk(s) = bidUnits + askUnits; markMoved(s) = true }
  }

  /** PnL of `key` at a closed whole hour; 0 before its first fill. */
  def pnlAt(key: Key, hour: Long): BigDecimal = {
    val s = symbolNo.getOrElse(key.symbol, -1)
    val l = if (s < 0) null else lots.getOrNull(slotOf(key.account, s))
    val v = if (l == null) null else pnlOf(l, s, hour)
    if (v == null) BigDecimal.ZERO else v
  }

  /** The last whole hour closed, in epoch hours (Long.MinValue before any line). */
  def lastClosedHour: Long = closedUpTo

  /**
   * The report at whole hour `hour` (epoch hours), which must be closed and the last one closed (the fold's
   * state is that hour's): one row per key with a fill at or before it, in account then symbol byte order.
   */
  def report(hour: Long): Vector[Row] = {
    require(hour == closedUpTo, s"the report is made at the last closed hour ($closedUpTo), not $hour")
    allLots.iterator.take(keyCount).map(l => (Key(l.account, symbolNames(l.symbol)), l.symbol, l)).toVector
      .sortBy(_._1).flatMap { (k, s, l) =>
        Option(pnlOf(l, s, hour)).map { pnl =>
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
    // compared field by field: a tuple per comparison would box both fields
    given Ordering[Key] = (x: Key, y: Key) =>
      if (x.account != y.account) Integer.compare(x.account, y.account) else x.symbol.compareTo(y.symbol)
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
