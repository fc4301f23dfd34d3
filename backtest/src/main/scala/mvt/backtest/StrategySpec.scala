package mvt.backtest

/** A strategy of the catalogue with its parameters' values: `mvt.trader.strategy.StrategySpec`. */
type StrategySpec = mvt.trader.strategy.StrategySpec

val StrategySpec = mvt.trader.strategy.StrategySpec
