package mvt.reporting

import java.math.BigDecimal
import scala.collection.mutable

/**
 * The client-report fold of `spec/reporting.md`, event-sourced: feed lines in (trades and quotes, in time
 * order), and each whole hour that the clock passes closes, even when no trade follows. A close emits the
 * state of each (account, symbol) that filled in the hour ([[HourFigure]]) and the mark of each symbol whose
 * mark moved ([[MarkFigure]]); the PnL of a key at any closed hour is its state then, marked at its symbol's
 * mark then (PnL is linear in the mark), so a close costs a step per key filled and per symbol, whatever the
 * number of open positions. Account 0, the house, is left out. Exact decimal arithmetic throughout.
 * `keepHistory` keeps the steps in memory for `report` and `pnlAt`; `emitFigures` collects them, with the keys
 * whose lots changed, for a store to drain. Mutable and not thread-safe: one fold per reader.
 */
final class PnlFold(feePerShare: BigDecimal, keepHistory: Boolean = true, emitFigures: Boolean = false) {
  import PnlFold.*

  // symbols numbered as they come; each key's lots by `slotOf(account, symbol number)`
  private val symbolNo = mutable.HashMap.empty[String, Int]
  private var symbolNames = new Array[String](16)
  private val lots = mutable.LongMap.empty[Lots]
  // mark of a symbol: the last two-sided mid (bid + ask, halved when read), else the last trade price; 0: none
  private var bidAsk = new Array[Long](16)
  private var lastTrade = new Array[Long](16)
  // twice the mark (units) last emitted for each symbol, 0 for none: a close emits a symbol's mark only if it moved
  private var recorded = new Array[Long](16)
  // keys filled since the last close, each once (its `filledSinceClose` is set)
  private val filled = mutable.ArrayBuffer.empty[Lots]
  // the steps kept for `report`: each key's states, each symbol's marks
  private val states = mutable.LongMap.empty[HourSteps[KeyState]]
  private var markSteps = new Array[HourSteps[BigDecimal]](16)
  // what a store has not drained yet: the facts of closed hours, and the keys whose lots changed
  private val figures = mutable.ArrayBuffer.empty[HourFigure]
  private val markFigures = mutable.ArrayBuffer.empty[MarkFigure]
  private val dirty = mutable.ArrayBuffer.empty[Lots] // each once (its `unsaved` is set)
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

  private def close(hour: Long): Unit = {
    var i = 0
    while (i < filled.size) {
      val l = filled(i)
      l.filledSinceClose = false
      val st = l.state(feePerShare)
      if (keepHistory)
        states.getOrElseUpdate(slotOf(l.account, l.symbol), new HourSteps[KeyState]).add(hour, st)
      if (emitFigures) {
        figures += HourFigure(l.account, symbolNames(l.symbol), hour, st)
        // its bookkeeping changed: a store must not resume it as filled since the close
        if (!l.unsaved) { l.unsaved = true; dirty += l }
      }
      i += 1
    }
    filled.clear()
    var s = 0
    while (s < symbolNo.size) {
      val twice = twiceMarkOf(s)
      if (twice != recorded(s)) {
        recorded(s) = twice
        val m = markOf(s)
        if (keepHistory) {
          if (markSteps(s) == null) markSteps(s) = new HourSteps[BigDecimal]
          markSteps(s).add(hour, m)
        }
        if (emitFigures) markFigures += MarkFigure(symbolNames(s), hour, m)
      }
      s += 1
    }
  }

  /** The keys' facts of the hours closed since the last drain, in hour order, and forgets them. */
  def drainFigures(): Vector[HourFigure] = {
    val v = figures.toVector
    figures.clear()
    v
  }

  /** The symbols' mark facts of the hours closed since the last drain, in hour order, and forgets them. */
  def drainMarks(): Vector[MarkFigure] = {
    val v = markFigures.toVector
    markFigures.clear()
    v
  }

  // a key's lots change by fills, and its bookkeeping (`filledSinceClose`) by fills and closes: either puts it on
  // the list of keys to save

  /** The lots of every key that changed since the last drain, with its symbol, and forgets which. */
  def drainChanged(): Vector[(Int, String, Lots)] = {
    val v = dirty.iterator.map { l =>
      l.unsaved = false
      (l.account, symbolNames(l.symbol), l)
    }.toVector
    dirty.clear()
    v
  }

  /**
   * Every symbol's mark inputs: (symbol, bid + ask of the last two-sided quote or 0, last trade price or 0,
   * twice the mark last emitted or 0).
   */
  def marks: Vector[(String, Long, Long, Long)] =
    Vector.tabulate(symbolNo.size)(i => (symbolNames(i), bidAsk(i), lastTrade(i), recorded(i)))

  /** A fold resumed from what a store kept: the clock, the last closed hour, the marks and every key's lots. */
  def restore(
      clockNanos: Long,
      closedHour: Long,
      markInputs: Iterable[(String, Long, Long, Long)],
      keyed: Iterable[(Int, String, Lots)]
  ): Unit = {
    require(lots.isEmpty && clock == Long.MinValue, "only a fresh fold can be restored")
    clock = clockNanos
    closedUpTo = closedHour
    markInputs.foreach { (s, ba, lt, rec) =>
      val n = numberOf(s)
      bidAsk(n) = ba
      lastTrade(n) = lt
      recorded(n) = rec
    }
    keyed.foreach { (a, s, l) =>
      l.account = a
      l.symbol = numberOf(s)
      lots.update(slotOf(a, l.symbol), l)
      if (l.filledSinceClose) filled += l
    }
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
          recorded = java.util.Arrays.copyOf(recorded, n * 2)
          markSteps = java.util.Arrays.copyOf(markSteps, n * 2)
        }
        symbolNames(n) = symbol
        n
      }
    )

  // twice the mark in units: the bid plus the ask, or twice the last trade's price (both below 2^62); 0: none
  private def twiceMarkOf(symbol: Int): Long =
    if (bidAsk(symbol) != 0L) bidAsk(symbol) else 2L * lastTrade(symbol)

  private def markOf(symbol: Int): BigDecimal =
    if (bidAsk(symbol) != 0L) BigDecimal.valueOf(bidAsk(symbol), 8).divide(Two)
    else BigDecimal.valueOf(lastTrade(symbol), 8)

  /** A trade line: both accounts fill, the buyer first (so a self-trade is a buy, then a sell). */
  def trade(t: Long, symbol: String, priceUnits: Long, qty: Long, buyAccount: Int, sellAccount: Int): Unit = {
    advance(t)
    val s = number(symbol)
    if (buyAccount != 0) fill(buyAccount, s, true, qty, priceUnits)
    if (sellAccount != 0) fill(sellAccount, s, false, qty, priceUnits)
    lastTrade(s) = priceUnits
  }

  private def fill(account: Int, s: Int, buy: Boolean, qty: Long, priceUnits: Long): Unit = {
    val k = slotOf(account, s)
    var l = lots.getOrNull(k)
    if (l == null) {
      l = new Lots
      l.account = account
      l.symbol = s
      lots.update(k, l)
    }
    if (!l.filledSinceClose) filled += l
    if (emitFigures && !l.unsaved) { l.unsaved = true; dirty += l }
    l.fill(buy, qty, priceUnits)
  }

  /** A quote line; only a two-sided one sets the mark. */
  def quote(t: Long, symbol: String, bidUnits: Long, askUnits: Long, twoSided: Boolean): Unit = {
    advance(t)
    // numbered first: numbering a new symbol may replace the arrays. Prices are below 1e18 units, so the sum fits.
    val s = number(symbol)
    if (twoSided) bidAsk(s) = bidUnits + askUnits
  }

  private def stepsOf(key: Key): HourSteps[KeyState] =
    symbolNo.get(key.symbol).flatMap(s => states.get(slotOf(key.account, s))).orNull

  private def pnlOf(steps: HourSteps[KeyState], symbol: Int, hour: Long): BigDecimal = {
    val st = if (steps == null) null else steps.at(hour)
    if (st == null) BigDecimal.ZERO else st.pnl(markSteps(symbol).at(hour))
  }

  /** PnL of `key` at a closed whole hour; 0 before its first fill. */
  def pnlAt(key: Key, hour: Long): BigDecimal =
    symbolNo.get(key.symbol).fold(BigDecimal.ZERO)(s => pnlOf(stepsOf(key), s, hour))

  /**
   * What `account`'s live figures depend on, two longs per symbol it ever filled (its units filled, twice its
   * mark): equal stamps mean equal figures. Allocates one small array.
   */
  def liveStamp(account: Int): Array[Long] = {
    val n = symbolNo.size
    val out = new Array[Long](2 * n)
    var s = 0
    while (s < n) {
      val l = lots.getOrNull(slotOf(account, s))
      if (l != null) { out(2 * s) = l.unitsFilled; out(2 * s + 1) = twiceMarkOf(s) }
      s += 1
    }
    out
  }

  /**
   * `account`'s figures now, as of the last line folded, each symbol it filled (in byte order) marked at its
   * mark now: the same exact arithmetic as a closed hour's.
   */
  def liveOf(account: Int): Vector[LiveFigure] = {
    val order = liveOrder()
    val out = Vector.newBuilder[LiveFigure]
    var i = 0
    while (i < order.length) {
      val s = order(i)
      val l = lots.getOrNull(slotOf(account, s))
      if (l != null) {
        val st = l.state(feePerShare)
        val unrealized = st.unrealized(liveMark(s))
        out += LiveFigure(
          symbolNames(s),
          st.position,
          st.realized,
          unrealized,
          st.fees,
          // KeyState.pnl, with the unrealized part computed once
          st.realized.add(unrealized).subtract(st.fees)
        )
      }
      i += 1
    }
    out.result()
  }

  // the symbols' numbers in the byte order of their names, for the live figures; rebuilt when a symbol is new
  private var liveSymbols = new Array[Int](0)
  private def liveOrder(): Array[Int] = {
    if (liveSymbols.length != symbolNo.size)
      liveSymbols = Array.tabulate(symbolNo.size)(identity).sortBy(symbolNames(_))
    liveSymbols
  }

  // each symbol's mark as a BigDecimal, and the twice-mark it was made from: the live figures of a thousand
  // accounts ask for the same few marks at every poll, and the exact division is not free
  private var liveMarks = new Array[BigDecimal](0)
  private var liveMarksOf = new Array[Long](0)
  private def liveMark(s: Int): BigDecimal = {
    if (liveMarks.length < symbolNames.length) {
      liveMarks = java.util.Arrays.copyOf(liveMarks, symbolNames.length)
      liveMarksOf = java.util.Arrays.copyOf(liveMarksOf, symbolNames.length)
    }
    val t = twiceMarkOf(s)
    val held = liveMarks(s)
    if (held != null && liveMarksOf(s) == t) held
    else {
      // markOf is a function of twiceMarkOf: half the bid plus the ask, or the last trade (twice it, halved)
      val m = markOf(s)
      liveMarks(s) = m
      liveMarksOf(s) = t
      m
    }
  }

  /** The last whole hour closed, in epoch hours (Long.MinValue before any line). */
  def lastClosedHour: Long = closedUpTo

  /**
   * The report at whole hour `hour` (epoch hours), which must be closed and the last one closed (the fold's
   * state is that hour's): one row per key with a fill at or before it, in account then symbol byte order.
   */
  def report(hour: Long): Vector[Row] = {
    require(hour == closedUpTo, s"the report is made at the last closed hour ($closedUpTo), not $hour")
    lots.valuesIterator.toVector
      .map(l => (Key(l.account, symbolNames(l.symbol)), l))
      .sortBy(_._1)
      .flatMap { (k, l) =>
        val steps = states.getOrNull(slotOf(l.account, l.symbol))
        if (steps == null || !steps.startsBy(hour)) None
        else {
          val st = steps.at(hour)
          val mark = markSteps(l.symbol).at(hour)
          val pnl = st.pnl(mark)
          def trend(before: Long) = Trend.of(pnl.subtract(pnlOf(steps, l.symbol, before)))
          Some(Row(
            k,
            st.position,
            st.realized,
            st.unrealized(mark),
            st.fees,
            pnl,
            trend(hour - 1),
            trend(hour - 24),
            trend(hour - 168)
          ))
        }
      }
  }
}

object PnlFold {
  val NanosPerHour: Long = 3600L * 1000000000L
  private val Two = BigDecimal.valueOf(2)

  // the map's key for (account, symbol): the pair packed in a Long, then multiplied by an odd constant (a
  // bijection) so that its halves mix; LongMap folds a key's halves with xor, which packed pairs collide in
  private def slotOf(account: Int, symbol: Int): Long =
    ((account.toLong << 32) | symbol) * 0x9e3779b97f4a7c15L

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
