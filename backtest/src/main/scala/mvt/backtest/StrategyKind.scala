package mvt.backtest

/** The strategies a backtest can trade: those of the trader's catalogue (`mvt.trader.strategy.StrategyKind`) that decide. */
type StrategyKind = mvt.trader.strategy.StrategyKind

object StrategyKind {
  val SpreadCapture: StrategyKind = mvt.trader.strategy.StrategyKind.SpreadCapture
  val Momentum: StrategyKind = mvt.trader.strategy.StrategyKind.Momentum
  val MeanReversion: StrategyKind = mvt.trader.strategy.StrategyKind.MeanReversion

  /** One tick of the generated flows, in raw price units (0.01). */
  val Tick: Long = mvt.trader.strategy.StrategyKind.Tick

  val values: Array[StrategyKind] = Array(SpreadCapture, Momentum, MeanReversion)

  def parse(name: String): Option[StrategyKind] = values.find(_.label == name)

  def names: String = values.map(_.label).mkString("|")
}
