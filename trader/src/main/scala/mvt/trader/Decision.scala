package mvt.trader

import mvt.core.*

/**
 * A strategy's order: bid (buy) or offer (sell) `qty` of `symbol` at `price`, with its time in force: `Ioc` to take
 * now and never rest, `Post` to make and never take, `Gtc` to rest until filled or replaced.
 */
final case class Decision(
    symbol: Symbol,
    side: Side,
    price: Price,
    qty: Quantity,
    tif: TimeInForce = TimeInForce.Gtc
) {
  def render: String =
    s"decision,${symbol.name},${if (side.isBuy) "bid" else "offer"},${price.render},${qty.units}"
}
