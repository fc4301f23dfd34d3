package mvt.trader
package orders

import mvt.core.*

/**
 * The trade feed's sink for a day where strategies' orders trade among the flow: each side of a fill that is a
 * strategy's order (`StrategyIds`) goes to `strategyFill`, and every trade goes on to `out`, if any. Engine
 * thread only, as every `TradeSink`.
 */
abstract class StrategyFills(out: Option[TradeSink]) extends FillSides(out.orNull) {

  /** A fill of the strategy's order `id`: `qty` bought at `price` when `buy`, else sold. */
  protected def strategyFill(symbol: Symbol, id: Long, price: Price, qty: Quantity, buy: Boolean): Unit

  protected final def side(s: Symbol, id: OrderId, a: Account, p: Price, q: Quantity, buy: Boolean): Unit =
    if (StrategyIds.isStrategy(id.value)) strategyFill(s, id.value, p, q, buy)
}
