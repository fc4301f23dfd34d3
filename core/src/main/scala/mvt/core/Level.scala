package mvt.core

/** One price level of a book snapshot: total resting quantity and order count at a price. */
final case class Level(symbol: Symbol, side: Side, price: Price, totalQty: Quantity, orderCount: Int) {

  /** The spec's snapshot line, without the newline. */
  def render: String =
    s"level,${symbol.name},${side.render},${price.render},${totalQty.units},$orderCount"
}
