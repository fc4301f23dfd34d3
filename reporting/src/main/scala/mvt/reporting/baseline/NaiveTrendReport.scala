package mvt.reporting.baseline

import java.time.{Instant, ZoneOffset}

/**
 * The firm's OLD client report, kept on purpose as the baseline that `PnlFold` is measured against. Do not fix
 * it: its faults are the point, and `NaiveTrendReportSuite` pins each one down.
 *
 *   - It recomputes every report from the account's stored orders and executions on each request (`load`),
 *     through immutable collections and `scala.math.BigDecimal`, instead of folding each line once.
 *   - Its "PnL" is the sum of signed execution prices (a buy counts `-price`, a sell `+price`): no quantities,
 *     no cost basis, no open positions and no marks, so a bought position that gained counts as a loss.
 *   - It counts zero as a gain: a sum of 0 is `Positive`; there is no flat.
 *   - Its hourly stage (`hourly`) closes an hour of an (account, symbol) only when that same account trades
 *     that symbol again: an hour in which the clock moves on but the client does not trade is never reported.
 *   - It decides "same hour" from the hour of day alone, so 10:00 today and 10:00 tomorrow are one hour.
 *   - It throws on an execution of an order that is not among the stored orders.
 *
 * Pure apart from `load` and the exception; not thread-safe only as far as `load` is not.
 */
final class NaiveTrendReport(load: Int => NaiveTrendReport.Stored) {
  import NaiveTrendReport.*

  /** The three trends of each symbol the account has orders in, at `now` (epoch nanoseconds), by symbol. */
  def trends(account: Int, now: Long): Vector[SymbolTrend] = {
    val stored = load(account)
    val orders = stored.orders.map(o => o.id -> o).toMap
    val signed = stored.executions.map(e => (e.time, orderOf(orders, e), signedPrice(orderOf(orders, e), e)))
    def window(nanos: Long): Map[String, Direction] =
      signed.filter((t, _, _) => t > now - nanos && t <= now)
        .groupBy(_._2.symbol)
        .map((s, es) => s -> Direction.of(es.map(_._3).sum))
    val hour = window(NanosPerHour)
    val day = window(24 * NanosPerHour)
    val week = window(168 * NanosPerHour)
    // a symbol with no execution in a window sums to zero there, which this design calls a gain
    stored.orders.map(_.symbol).distinct.sorted.map(s =>
      SymbolTrend(
        s,
        hour.getOrElse(s, Direction.Positive),
        day.getOrElse(s, Direction.Positive),
        week.getOrElse(s, Direction.Positive)
      )
    )
  }

  /**
   * The hourly stage: the account's executions in time order, each added to its symbol's open hour; an hour is
   * emitted (closed) only when the same account executes in the same symbol in an hour of another hour of day.
   */
  def hourly(account: Int): Vector[HourClosed] = {
    val stored = load(account)
    val orders = stored.orders.map(o => o.id -> o).toMap
    val (_, closed) = stored.executions.sortBy(_.time).foldLeft(
      (Map.empty[String, (Long, BigDecimal)], Vector.empty[HourClosed])
    ) { case ((open, out), e) =>
      val o = orderOf(orders, e)
      val start = Math.floorDiv(e.time, NanosPerHour) * NanosPerHour
      open.get(o.symbol) match {
        case None => (open + (o.symbol -> (start, signedPrice(o, e))), out)
        case Some((began, sum)) if hourOfDay(began) == hourOfDay(start) =>
          (open + (o.symbol -> (began, sum + signedPrice(o, e))), out)
        case Some((began, sum)) =>
          (
            open + (o.symbol -> (start, signedPrice(o, e))),
            out :+ HourClosed(began, o.symbol, Direction.of(sum))
          )
      }
    }
    closed
  }
}

object NaiveTrendReport {
  val NanosPerHour: Long = 3600L * 1000000000L

  /** An order as the old store kept it: who placed it, in which symbol, on which side. */
  final case class StoredOrder(id: Long, account: Int, symbol: String, buy: Boolean)

  /** One execution of an order: when, and at what price (1e-8 units). The quantity was never stored. */
  final case class StoredExecution(time: Long, orderId: Long, price: Long)

  /** What a request loads for one account: its orders and the executions of them. */
  final case class Stored(orders: Vector[StoredOrder], executions: Vector[StoredExecution])
  object Stored {
    val empty: Stored = Stored(Vector.empty, Vector.empty)
  }

  /** The old design's two outcomes: zero counts as a gain. */
  enum Direction {
    case Positive, Negative
  }
  object Direction {
    def of(sum: BigDecimal): Direction = if (sum >= 0) Positive else Negative
  }

  /** One symbol's line of the old report. */
  final case class SymbolTrend(symbol: String, lastHour: Direction, lastDay: Direction, last7Days: Direction)

  /** An hour the hourly stage emitted for a symbol: the hour's start (epoch nanoseconds) and its direction. */
  final case class HourClosed(start: Long, symbol: String, direction: Direction)

  /** A trade feed line with its order ids (`spec/trading-day.md`), the form the stored trades come from. */
  final case class TradeRecord(
      time: Long,
      symbol: String,
      price: Long,
      qty: Long,
      buyOrder: Long,
      buyAccount: Int,
      sellOrder: Long,
      sellAccount: Int
  )

  /**
   * The old store built from trade feed lines: each line records both orders (buyer's and seller's) and an
   * execution of each, under the account that placed it; the house (account 0) is stored too, as it was.
   */
  def store(trades: Vector[TradeRecord]): Int => Stored = {
    val sides = trades.flatMap(t =>
      Vector(
        t.buyAccount -> (
          StoredOrder(t.buyOrder, t.buyAccount, t.symbol, buy = true),
          StoredExecution(
            t.time,
            t.buyOrder,
            t.price
          )
        ),
        t.sellAccount -> (
          StoredOrder(t.sellOrder, t.sellAccount, t.symbol, buy = false),
          StoredExecution(
            t.time,
            t.sellOrder,
            t.price
          )
        )
      )
    )
    val byAccount = sides.groupBy(_._1).map((a, xs) => a -> Stored(xs.map(_._2._1).distinct, xs.map(_._2._2)))
    a => byAccount.getOrElse(a, Stored.empty)
  }

  private def orderOf(orders: Map[Long, StoredOrder], e: StoredExecution): StoredOrder =
    orders.getOrElse(e.orderId, throw new IllegalStateException(s"execution of unknown order ${e.orderId}"))

  private def signedPrice(o: StoredOrder, e: StoredExecution): BigDecimal = {
    val p = BigDecimal(e.price) / BigDecimal(100000000L)
    if (o.buy) -p else p
  }

  private def hourOfDay(nanos: Long): Int =
    Instant.ofEpochSecond(Math.floorDiv(nanos, 1000000000L)).atZone(ZoneOffset.UTC).getHour
}
