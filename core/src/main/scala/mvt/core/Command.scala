package mvt.core

/**
 * A line of a commands file as a value. Prices and quantities may be out of range: the engine rejects them. A
 * `Time` sets the session clock for the commands after it.
 */
enum Command {
  case Add(
      symbol: Symbol,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account = Account.House
  )
  case Cancel(symbol: Symbol, id: OrderId)
  case Time(at: Timestamp)

  /** The spec's CSV line for a command whose fields are representable; a house add has six fields. */
  def render: String = this match {
    case Add(s, id, side, p, q, a) =>
      val base = s"add,${s.name},${id.value},${side.render},${p.render},${q.units}"
      if (a.isHouse) base else s"$base,${a.value}"
    case Cancel(s, id) => s"cancel,${s.name},${id.value}"
    case Time(at) => s"time,${at.render}"
  }
}
