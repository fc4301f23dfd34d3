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

  /** The metrics of `days` (in date order) over `capital`, which must be positive. */
  def of(days: Vector[DayResult], capital: BigDecimal): Metrics = {
    require(capital.signum > 0, "capital must be positive")
    val n = days.size
    val pnls = days.map(_.pnl)
    val total = pnls.foldLeft(BigDecimal.ZERO)(_.add(_))
    val r = pnls.map(p => p.divide(capital, MathContext.DECIMAL128).doubleValue)
    val mean = if (n == 0) 0.0 else r.sum / n
    val allEqual = pnls.forall(_.compareTo(pnls.head) == 0)
    val sharpe =
      if (n < 2 || allEqual) None
      else {
        val variance = r.map(x => (x - mean) * (x - mean)).sum / (n - 1)
        Some(mean / math.sqrt(variance) * Annual)
      }
    val losers = pnls.count(_.signum < 0)
    val sortino =
      if (n < 2 || losers == 0) None
      else {
        val downside = math.sqrt(r.map(x => math.min(x, 0.0) * math.min(x, 0.0)).sum / n)
        Some(mean / downside * Annual)
      }
    val maxDrawdown =
      if (n == 0) None
      else {
        var equity = capital
        var peak = capital
        var worst = 0.0
        pnls.foreach { p =>
          equity = equity.add(p)
          if (equity.compareTo(peak) > 0) peak = equity
          val dd = peak.subtract(equity).divide(peak, MathContext.DECIMAL128).doubleValue
          if (dd > worst) worst = dd
        }
        Some(worst)
      }
    val gains = pnls.filter(_.signum > 0).foldLeft(BigDecimal.ZERO)(_.add(_))
    val losses = pnls.filter(_.signum < 0).foldLeft(BigDecimal.ZERO)(_.add(_)).negate
    val fills = days.map(_.fills).sum
    Metrics(
      n,
      total,
      sharpe,
      sortino,
      maxDrawdown,
      if (n == 0) None else Some(pnls.count(_.signum > 0).toDouble / n),
      if (losers == 0) None else Some(gains.divide(losses, MathContext.DECIMAL128).doubleValue),
      if (fills == 0) None
      else Some(total.divide(BigDecimal.valueOf(fills), MathContext.DECIMAL128).doubleValue),
      if (n == 0) None
      else Some(days.map(_.notional).foldLeft(BigDecimal.ZERO)(_.add(_)).divide(
        capital,
        MathContext.DECIMAL128
      ).doubleValue),
      days.map(_.fees).foldLeft(BigDecimal.ZERO)(_.add(_)),
      days.map(_.slippage).foldLeft(BigDecimal.ZERO)(_.add(_)),
      fills,
      days.map(_.volume).sum
    )
  }
}
