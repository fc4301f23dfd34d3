package mvt.backtest

import mvt.core.Quantity
import mvt.trader.strategy.*

/**
 * The strategies a backtest can trade, by their command-line names, with the parameters each takes (whole
 * numbers) and their defaults. Prices are in ticks of 0.01.
 */
enum StrategyKind(val label: String, val params: Vector[(String, Long)], val description: String) {
  case SpreadCapture
      extends StrategyKind(
        "spread-capture",
        Vector("spread" -> 2L, "size" -> 100L),
        "quotes one tick inside a spread of at least `spread` ticks, `size` units"
      )
  case Momentum
      extends StrategyKind(
        "momentum",
        Vector("lookback" -> 20L, "threshold" -> 1L, "size" -> 100L),
        "takes the side of a mid that moved `threshold` bps over `lookback` quotes"
      )
  case MeanReversion
      extends StrategyKind(
        "mean-reversion",
        Vector("window" -> 200L, "threshold" -> 1L, "size" -> 100L),
        "trades against a mid `threshold` bps away from its mean over `window` quotes"
      )

  /** A fresh strategy with these parameters (each day gets its own); throws on values out of range. */
  def build(p: Map[String, Long]): TradingStrategy = this match {
    case SpreadCapture => new SpreadCaptureStrategy(StrategyKind.Tick, int(p, "spread"), size(p))
    case Momentum => new MomentumStrategy(int(p, "lookback"), int(p, "threshold"), size(p))
    case MeanReversion => new MeanReversionStrategy(int(p, "window"), int(p, "threshold"), size(p))
  }

  private def int(p: Map[String, Long], name: String): Int = {
    val v = p(name)
    require(v >= Int.MinValue && v <= Int.MaxValue, s"$name: $v is too large")
    v.toInt
  }

  private def size(p: Map[String, Long]): Quantity = {
    val v = p("size")
    require(v >= 1 && v <= Quantity.Max, s"size: expected 1 to ${Quantity.Max}, found $v")
    Quantity(v)
  }
}

object StrategyKind {

  /** One tick of the generated flows, in raw price units (0.01). */
  val Tick: Long = 1000000L

  def parse(name: String): Option[StrategyKind] = values.find(_.label == name)

  def names: String = values.map(_.label).mkString("|")
}
