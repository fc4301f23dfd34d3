package mvt.trader

import mvt.core.*

/** A strategy's order: bid (buy) or offer (sell) `qty` of `symbol` at `price`. */
final case class Decision(symbol: Symbol, side: Side, price: Price, qty: Quantity) {
  def render: String =
    s"decision,${symbol.name},${if (side.isBuy) "bid" else "offer"},${price.render},${qty.units}"
}
