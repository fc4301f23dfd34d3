package mvt.backtest

import java.math.{BigDecimal, MathContext}

/**
 * The performance summary of a run over capital C, the daily return being r = day PnL / C:
 *   - sharpe = mean(r) / sample stdev(r) * sqrt(252);
 *   - sortino = mean(r) / sqrt(sum of min(r, 0)^2 / n) * sqrt(252);
 *   - maxDrawdown = the largest (peak - equity) / peak, equity being C plus the cumulative PnL after each day and
 *     the peak starting at C;
 *   - winRate = the share of days with a positive PnL; profitFactor = gains of the winning days / losses of the
 *     losing days; expectancyPerFill = total PnL / fills; turnover = value traded / C.
 * A figure that is undefined is `None`: sharpe with fewer than 2 days or all days equal, sortino with fewer than
 * 2 days or no losing day, profitFactor with no losing day, expectancyPerFill with no fill, anything over no
 * day. Money stays exact; the ratios are doubles. Immutable.
 */
final case class Metrics(
    days: Int,
    totalPnl: BigDecimal,
    sharpe: Option[Double],
    sortino: Option[Double],
    maxDrawdown: Option[Double],
    winRate: Option[Double],
    profitFactor: Option[Double],
    expectancyPerFill: Option[Double],
    turnover: Option[Double],
    totalFees: BigDecimal,
    totalSlippage: BigDecimal,
    fills: Long,
    volume: Long
)

object Metrics {
  private val Annual = math.sqrt(252.0)

  /** The smallest and largest capital the figures hold exactly and finitely for any day a log can record. */
  val MinCapital: BigDecimal = BigDecimal.ONE
  val MaxCapital: BigDecimal = new BigDecimal("1000000000000000")

  /** The metrics of `days` (in date order) over `capital`, which must be positive. */
  def of(days: Vector[DayResult], capital: BigDecimal): Metrics = {
    require(capital.signum > 0, "capital must be positive")
    val pnls = days.map(_.pnl)
    val returns = pnls.map(p => ratio(p, capital))
    val fills = days.map(_.fills).sum
    val total = sum(pnls)
    Metrics(
      days = days.size,
      totalPnl = total,
      sharpe = sharpe(pnls, returns),
      sortino = sortino(pnls, returns),
      maxDrawdown = maxDrawdown(pnls, capital),
      winRate = when(days.nonEmpty)(pnls.count(_.signum > 0).toDouble / days.size),
      profitFactor = profitFactor(pnls),
      expectancyPerFill = when(fills > 0)(ratio(total, BigDecimal.valueOf(fills))),
      turnover = when(days.nonEmpty)(ratio(sum(days.map(_.notional)), capital)),
      totalFees = sum(days.map(_.fees)),
      totalSlippage = sum(days.map(_.slippage)),
      fills = fills,
      volume = days.map(_.volume).sum
    )
  }

  private def sum(vs: Vector[BigDecimal]): BigDecimal = vs.foldLeft(BigDecimal.ZERO)(_.add(_))

  private def ratio(a: BigDecimal, b: BigDecimal): Double = a.divide(b, MathContext.DECIMAL128).doubleValue

  // a figure the arithmetic cannot give as a finite number is undefined, never NaN or infinite
  private def when(defined: Boolean)(v: => Double): Option[Double] =
    if (defined) Some(v).filter(x => !x.isNaN && !x.isInfinite) else None

  private def mean(r: Vector[Double]): Double = if (r.isEmpty) 0.0 else r.sum / r.size

  // mean over sample stdev, annualised; undefined with fewer than 2 days or all days equal
  private def sharpe(pnls: Vector[BigDecimal], r: Vector[Double]): Option[Double] = {
    val m = mean(r)
    when(r.size >= 2 && !pnls.forall(_.compareTo(pnls.head) == 0)) {
      val variance = r.map(x => (x - m) * (x - m)).sum / (r.size - 1)
      m / math.sqrt(variance) * Annual
    }
  }

  // mean over the downside deviation, annualised; undefined with fewer than 2 days or no losing day
  private def sortino(pnls: Vector[BigDecimal], r: Vector[Double]): Option[Double] =
    when(r.size >= 2 && pnls.exists(_.signum < 0)) {
      val downside = math.sqrt(r.map(x => math.min(x, 0.0) * math.min(x, 0.0)).sum / r.size)
      mean(r) / downside * Annual
    }

  // the largest fall from a peak of equity, the peak starting at the capital
  private def maxDrawdown(pnls: Vector[BigDecimal], capital: BigDecimal): Option[Double] =
    when(pnls.nonEmpty) {
      var equity = capital
      var peak = capital
      var worst = 0.0
      pnls.foreach { p =>
        equity = equity.add(p)
        if (equity.compareTo(peak) > 0) peak = equity
        val dd = ratio(peak.subtract(equity), peak)
        if (dd > worst) worst = dd
      }
      worst
    }

  // gains of the winning days over losses of the losing days; undefined with no losing day
  private def profitFactor(pnls: Vector[BigDecimal]): Option[Double] = {
    val losses = sum(pnls.filter(_.signum < 0)).negate
    when(losses.signum > 0)(ratio(sum(pnls.filter(_.signum > 0)), losses))
  }
}
