package mvt.reporting

/**
 * The spec's figures computed here from scratch, independently of the fold: the flow's lines swept in file
 * order, lots as immutable lists of (signed quantity, price), every figure a `BigDecimal`, and every key's
 * figures taken at every whole hour from just before the first line to the last line's hour.
 */
final class ReportModel(flow: ReportFlow.Flow, feePerShare: BigDecimal) {
  import ReportModel.*

  private val H = ReportFlow.H
  private val fee = new BigDecimal(feePerShare.bigDecimal, java.math.MathContext.UNLIMITED)
  private val lines: Vector[FeedLine] = flow.steps.flatMap(s => s.trades :+ s.quote)

  val firstHour: Long = Math.floorDiv(lines.head.time, H) - 1
  val lastHour: Long = Math.floorDiv(lines.last.time, H)

  /** Every key's figures at each whole hour `firstHour to lastHour`: only keys with a fill at or before it. */
  val hours: Vector[Map[Key, Fig]] = {
    var lots = Map.empty[Key, List[(BigDecimal, BigDecimal)]]
    var realized = Map.empty[Key, BigDecimal].withDefaultValue(Zero)
    var fees = Map.empty[Key, BigDecimal].withDefaultValue(Zero)
    var mid = Map.empty[String, BigDecimal]
    var lastTrade = Map.empty[String, BigDecimal]
    def fill(k: Key, buy: Boolean, qty: BigDecimal, price: BigDecimal): Unit = {
      fees = fees.updated(k, fees(k) + fee * qty)
      var open = lots.getOrElse(k, Nil)
      var left = qty
      while (left > 0 && open.nonEmpty && (open.head._1 < 0) == buy) {
        val (q, p) = open.head
        val c = left.min(q.abs)
        // c × (sell price − buy price), whichever side the lot was
        realized = realized.updated(k, realized(k) + (if (buy) c * (p - price) else c * (price - p)))
        open = if (c == q.abs) open.tail else (if (buy) q + c else q - c, p) :: open.tail
        left -= c
      }
      lots = lots.updated(k, if (left > 0) open :+ ((if (buy) left else -left), price) else open)
    }
    def apply(l: FeedLine): Unit = l match {
      case t: FeedLine.Trade =>
        val price = exact(t.price, 8)
        if (t.buyAccount != 0) fill(Key(t.buyAccount, t.symbol), true, exact(t.qty, 0), price)
        if (t.sellAccount != 0) fill(Key(t.sellAccount, t.symbol), false, exact(t.qty, 0), price)
        lastTrade = lastTrade.updated(t.symbol, price)
      case q: FeedLine.Quote =>
        if (q.twoSided) mid = mid.updated(q.symbol, (exact(q.bid, 8) + exact(q.ask, 8)) / 2)
    }
    var i = 0
    (firstHour to lastHour).toVector.map { h =>
      while (i < lines.size && lines(i).time <= h * H) { apply(lines(i)); i += 1 }
      lots.map { (k, open) =>
        val mark = mid.getOrElse(k.symbol, lastTrade(k.symbol))
        val unrealized = open.foldLeft(Zero)((u, l) => u + l._1 * (mark - l._2))
        k -> Fig(
          open.foldLeft(Zero)(_ + _._1),
          realized(k),
          unrealized,
          fees(k),
          realized(k) + unrealized - fees(k)
        )
      }
    }
  }

  /** The keys' figures at a whole hour (epoch hours); none before the first line, the last hour's after it. */
  def at(hour: Long): Map[Key, Fig] =
    if (hour < firstHour) Map.empty else hours((math.min(hour, lastHour) - firstHour).toInt)

  /** PnL of `key` at `hour`: 0 before its first fill. */
  def pnl(key: Key, hour: Long): BigDecimal = at(hour).get(key).fold(Zero)(_.pnl)

  /** The accounts' keys with a fill at or before `hour`, in account, then symbol order. */
  def keys(account: Int, hour: Long): Vector[Key] =
    at(hour).keys.filter(_.account == account).toVector.sortBy(_.symbol)
}

object ReportModel {

  // unlimited precision: Scala's default context would round products and sums to 34 digits
  val Zero: BigDecimal = exact(0L, 0)
  def exact(unscaled: Long, scale: Int): BigDecimal =
    new BigDecimal(java.math.BigDecimal.valueOf(unscaled, scale), java.math.MathContext.UNLIMITED)

  final case class Key(account: Int, symbol: String)
  final case class Fig(
      position: BigDecimal,
      realized: BigDecimal,
      unrealized: BigDecimal,
      fees: BigDecimal,
      pnl: BigDecimal
  )

  /** The canonical text of an amount, for comparisons that print well. */
  def text(v: BigDecimal): String = Money.render(v.bigDecimal)
  def text(v: java.math.BigDecimal): String = Money.render(v)
}
