package mvt.core

/** An engine event as a value, for the functional API and tests (fast paths use `EventSink`). */
enum Event {
  case Added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity)
  case Executed(
      symbol: Symbol,
      buyId: OrderId,
      sellId: OrderId,
      price: Price,
      tradeQty: Quantity,
      aggressor: Side
  )
  case Canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity)
  case CancelRejected(symbol: Symbol, id: OrderId)
  case Rejected(symbol: Symbol, id: OrderId, reason: RejectReason)

  /** An IOC remainder or an unfillable FOK, which does not rest. */
  case Expired(symbol: Symbol, id: OrderId, qty: Quantity)

  /** The end of an accepted modify: the order's price and what rests now (0 when it filled completely). */
  case Modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity)
  case ModifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason)

  /** The spec's CSV line, without the newline. */
  def render: String = this match {
    case Added(s, id, side, p, q) => s"added,${s.name},${id.value},${side.render},${p.render},${q.units}"
    case Executed(s, b, o, p, q, a) =>
      s"executed,${s.name},${b.value},${o.value},${p.render},${q.units},${a.render}"
    case Canceled(s, id, q) => s"canceled,${s.name},${id.value},${q.units}"
    case CancelRejected(s, id) => s"cancel-rejected,${s.name},${id.value}"
    case Rejected(s, id, r) => s"rejected,${s.name},${id.value},${r.text}"
    case Expired(s, id, q) => s"expired,${s.name},${id.value},${q.units}"
    case Modified(s, id, side, p, q) =>
      s"modified,${s.name},${id.value},${side.render},${p.render},${q.units}"
    case ModifyRejected(s, id, r) => s"modify-rejected,${s.name},${id.value},${r.text}"
  }

  /** The spec's event word (`added`, `executed`, ...). */
  def kind: String = render.takeWhile(_ != ',')
}

object Event {

  /** An `EventSink` that keeps every event in order; allocates one value per event. */
  final class Collector extends EventSink {
    private val buffer = Vector.newBuilder[Event]
    def result(): Vector[Event] = buffer.result()
    def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
      buffer += Added(symbol, id, side, price, restingQty)
    def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit =
      buffer += Executed(s, b, o, p, q, a)
    def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
      buffer += Canceled(symbol, id, canceledQty)
    def cancelRejected(symbol: Symbol, id: OrderId): Unit = buffer += CancelRejected(symbol, id)
    def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      buffer += Rejected(symbol, id, reason)
    def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = buffer += Expired(symbol, id, qty)
    def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
      buffer += Modified(symbol, id, side, price, restingQty)
    def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
      buffer += ModifyRejected(symbol, id, reason)
  }
}
