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
      account: Account = Account.House,
      tif: TimeInForce = TimeInForce.Gtc
  )
  case Cancel(symbol: Symbol, id: OrderId)

  /** Changes a live order's price and remaining quantity (`spec/order-types.md`); either may be out of range. */
  case Modify(symbol: Symbol, id: OrderId, price: Price, qty: Quantity)
  case Time(at: Timestamp)

  /**
   * The spec's CSV line for a command whose fields are representable: a GTC add of the house has six fields, of
   * a client seven; any other time in force has eight, the house's account field empty.
   */
  def render: String = this match {
    case Add(s, id, side, p, q, a, tif) =>
      val base = s"add,${s.name},${id.value},${side.render},${p.render},${q.units}"
      if (tif != TimeInForce.Gtc) s"$base,${if (a.isHouse) "" else a.value.toString},${tif.render}"
      else if (a.isHouse) base
      else s"$base,${a.value}"
    case Cancel(s, id) => s"cancel,${s.name},${id.value}"
    case Modify(s, id, p, q) => s"modify,${s.name},${id.value},${p.render},${q.units}"
    case Time(at) => s"time,${at.render}"
  }
}
