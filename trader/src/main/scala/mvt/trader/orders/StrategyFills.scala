package mvt.trader
package orders

import mvt.core.*

/**
 * The trade feed's sink for a day where strategies' orders trade among the flow: each side of a fill that is a
 * strategy's order (`StrategyIds`) goes to `strategyFill`, and every trade goes on to `out`, if any. Engine
 * thread only, as every `TradeSink`.
 */
abstract class StrategyFills(out: Option[TradeSink]) extends TradeSink {
  private val next = out.orNull

  /** A fill of the strategy's order `id`: `qty` bought at `price` when `buy`, else sold. */
  protected def strategyFill(symbol: Symbol, id: Long, price: Price, qty: Quantity, buy: Boolean): Unit

  final def trade(
      time: Timestamp,
      symbol: Symbol,
      price: Price,
      qty: Quantity,
      buyId: OrderId,
      buyAccount: Account,
      sellId: OrderId,
      sellAccount: Account,
      aggressor: Side
  ): Unit = {
    if (StrategyIds.isStrategy(buyId.value)) strategyFill(symbol, buyId.value, price, qty, buy = true)
    if (StrategyIds.isStrategy(sellId.value)) strategyFill(symbol, sellId.value, price, qty, buy = false)
    if (next != null) next.trade(time, symbol, price, qty, buyId, buyAccount, sellId, sellAccount, aggressor)
  }
}
