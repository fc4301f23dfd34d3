package mvt.core

/** A line of a commands file as a value. Prices and quantities may be out of range: the engine rejects them. */
enum Command {
  case Add(symbol: Symbol, id: OrderId, side: Side, price: Price, qty: Quantity)
  case Cancel(symbol: Symbol, id: OrderId)

  def symbol: Symbol

  /** The spec's CSV line for a command whose fields are representable. */
  def render: String = this match {
    case Add(s, id, side, p, q) => s"add,${s.name},${id.value},${side.render},${p.render},${q.units}"
    case Cancel(s, id) => s"cancel,${s.name},${id.value}"
  }
}
