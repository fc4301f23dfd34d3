package mvt.venue

import mvt.core.*

/**
 * The engine's events of the command being applied, kept as values only when someone waits for them (a
 * recorded day's commands and recovery keep none). Engine thread only.
 */
final class OutcomeEvents extends EventSink {
  var collecting = false
  private val buffer = Vector.newBuilder[Event]

  /** The events since the last call, and a fresh start. */
  def take(): Vector[Event] = {
    val v = buffer.result()
    buffer.clear()
    v
  }

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    if (collecting) buffer += Event.Added(symbol, id, side, price, restingQty)
  def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit =
    if (collecting) buffer += Event.Executed(s, b, o, p, q, a)
  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
    if (collecting) buffer += Event.Canceled(symbol, id, canceledQty)
  def cancelRejected(symbol: Symbol, id: OrderId): Unit =
    if (collecting) buffer += Event.CancelRejected(symbol, id)
  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    if (collecting) buffer += Event.Rejected(symbol, id, reason)
  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
    if (collecting) buffer += Event.Expired(symbol, id, qty)
  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    if (collecting) buffer += Event.Modified(symbol, id, side, price, restingQty)
  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    if (collecting) buffer += Event.ModifyRejected(symbol, id, reason)
}
