package mvt.core

/**
 * A trade sink that takes each fill as its two sides, the buyer's then the seller's, and passes every trade on
 * to `next` (null for none). Allocates nothing per trade. Engine thread only, as every `TradeSink`.
 */
abstract class FillSides(next: TradeSink) extends TradeSink {

  /** One side of a fill: order `id` of account `a` bought (`buy`) or sold `q` of symbol `s` at price `p`. */
  protected def side(s: Symbol, id: OrderId, a: Account, p: Price, q: Quantity, buy: Boolean): Unit

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
    side(symbol, buyId, buyAccount, price, qty, buy = true)
    side(symbol, sellId, sellAccount, price, qty, buy = false)
    if (next != null) next.trade(time, symbol, price, qty, buyId, buyAccount, sellId, sellAccount, aggressor)
  }
}
