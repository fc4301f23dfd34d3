package mvt.backtest

import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules

import java.math.BigDecimal

/** Everything a day needs besides its file: the strategy, the order rules, the fee per unit and the engine. */
final case class DaySetup(strategy: StrategySpec, rules: OrderRules, feePerShare: BigDecimal, engine: Engine)
