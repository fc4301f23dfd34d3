package mvt.venue

import mvt.core.*

/**
 * The engine's events of the command being applied, kept as values only when someone waits for them (a
 * recorded day's commands and recovery keep none). Engine thread only.
 */
final class OutcomeEvents extends EventSink {
  var collecting = false
  // the events of the current command: a plain array reused across commands (a VectorBuilder's clear costs
  // more than the events themselves)
  private var buffer = new Array[Event](16)
  private var count = 0

  private def keep(e: Event): Unit = {
    if (count == buffer.length) buffer = java.util.Arrays.copyOf(buffer, count * 2)
    buffer(count) = e
    count += 1
  }

  /** The events since the last call, and a fresh start. */
  def take(): Vector[Event] = {
    val v =
      if (count == 0) Vector.empty
      else if (count == 1) Vector.empty :+ buffer(0)
      else Vector.from(scala.collection.immutable.ArraySeq.unsafeWrapArray(java.util.Arrays.copyOf(
        buffer,
        count
      )))
    java.util.Arrays.fill(buffer.asInstanceOf[Array[AnyRef]], 0, count, null)
    count = 0
    v
  }

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    if (collecting) keep(Event.Added(symbol, id, side, price, restingQty))
  def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit =
    if (collecting) keep(Event.Executed(s, b, o, p, q, a))
  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
    if (collecting) keep(Event.Canceled(symbol, id, canceledQty))
  def cancelRejected(symbol: Symbol, id: OrderId): Unit =
    if (collecting) keep(Event.CancelRejected(symbol, id))
  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    if (collecting) keep(Event.Rejected(symbol, id, reason))
  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
    if (collecting) keep(Event.Expired(symbol, id, qty))
  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    if (collecting) keep(Event.Modified(symbol, id, side, price, restingQty))
  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    if (collecting) keep(Event.ModifyRejected(symbol, id, reason))
}
