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

  private val lots = mutable.TreeMap.empty[Key, Lots]
  // mark of a symbol: the last two-sided mid, else the last trade price
  private val mid = mutable.HashMap.empty[String, BigDecimal]
  private val lastTrade = mutable.HashMap.empty[String, BigDecimal]
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
      hourly.getOrElseUpdate(k, mutable.LongMap.empty).update(hour, l.pnl(markOf(k.symbol)))
    )

  private def markOf(symbol: String): BigDecimal =
    mid.getOrElse(symbol, lastTrade.getOrElse(symbol, BigDecimal.ZERO))

  /** A trade line: both accounts fill, the buyer first (so a self-trade is a buy, then a sell). */
  def trade(t: Long, symbol: String, priceUnits: Long, qty: Long, buyAccount: Int, sellAccount: Int): Unit = {
    advance(t)
    val fee = feePerShare.multiply(BigDecimal.valueOf(qty))
    if (buyAccount != 0)
      lots.getOrElseUpdate(Key(buyAccount, symbol), new Lots).fill(true, qty, priceUnits, fee)
    if (sellAccount != 0)
      lots.getOrElseUpdate(Key(sellAccount, symbol), new Lots).fill(false, qty, priceUnits, fee)
    lastTrade(symbol) = BigDecimal.valueOf(priceUnits, 8)
  }

  /** A quote line; only a two-sided one sets the mark. */
  def quote(t: Long, symbol: String, bidUnits: Long, askUnits: Long, twoSided: Boolean): Unit = {
    advance(t)
    if (twoSided)
      mid(symbol) = BigDecimal.valueOf(bidUnits, 8).add(BigDecimal.valueOf(askUnits, 8)).divide(Two)
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
    lots.toVector.flatMap { (k, l) =>
      hourly.get(k).flatMap(_.get(hour)).map { pnl =>
        val mark = markOf(k.symbol)
        Row(
          k,
          l.position,
          l.realized,
          l.unrealized(mark),
          l.fees,
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
