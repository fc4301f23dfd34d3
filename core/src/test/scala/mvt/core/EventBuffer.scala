package mvt.core

import scala.collection.mutable.ArrayBuffer

/**
 * An `EventSink` that keeps events until `drain()`, so a long stream can be compared command by command in
 * bounded memory. Also counts every event kind and reject reason seen, to show a random stream covered them.
 */
final class EventBuffer extends EventSink {
  private val pending = ArrayBuffer.empty[Event]
  private val counts = scala.collection.mutable.Map.empty[String, Long].withDefaultValue(0L)

  /** The events since the last drain, which are then forgotten. */
  def drain(): Vector[Event] = {
    val out = pending.toVector
    pending.clear()
    out
  }

  /** How many events of each kind (`added`, ..., and `rejected:<reason>`) were received. */
  def count(kind: String): Long = counts(kind)

  private def keep(e: Event, kind: String): Unit = {
    pending += e
    counts(kind) += 1
  }

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    keep(Event.Added(symbol, id, side, price, restingQty), "added")
  def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit =
    keep(Event.Executed(s, b, o, p, q, a), "executed")
  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
    keep(Event.Canceled(symbol, id, canceledQty), "canceled")
  def cancelRejected(symbol: Symbol, id: OrderId): Unit =
    keep(Event.CancelRejected(symbol, id), "cancel-rejected")
  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    keep(Event.Rejected(symbol, id, reason), s"rejected:${reason.text}")
  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
    keep(Event.Expired(symbol, id, qty), "expired")
  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    keep(Event.Modified(symbol, id, side, price, restingQty), "modified")
  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
    keep(Event.ModifyRejected(symbol, id, reason), s"modify-rejected:${reason.text}")
}
