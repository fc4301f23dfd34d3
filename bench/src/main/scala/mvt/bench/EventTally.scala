package mvt.bench

import mvt.core.*

/**
 * The benchmarks' consumer of our engines' events: counts each kind and the traded volume, as the exchange-core
 * peer counts its trades and volume, and nothing more. `EventCounter` also folds every field into a digest (a
 * chain of multiplies per event) for the differential tests; timing that would charge our engines for a check
 * the peer never pays. Allocation-free. Not thread-safe.
 */
final class EventTally extends EventSink {
  private var added = 0L
  private var executed = 0L
  private var canceled = 0L
  private var cancelRejected = 0L
  private var rejected = 0L
  private var expired = 0L
  private var modified = 0L
  private var modifyRejected = 0L
  private var volume = 0L

  /** Events of every kind so far. */
  def total: Long =
    added + executed + canceled + cancelRejected + rejected + expired + modified + modifyRejected

  /** Units traded so far. */
  def tradedVolume: Long = volume

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = added += 1
  def executed(s: Symbol, buyId: OrderId, sellId: OrderId, p: Price, q: Quantity, aggressor: Side): Unit = {
    executed += 1
    volume += q.units
  }
  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = canceled += 1
  def cancelRejected(symbol: Symbol, id: OrderId): Unit = cancelRejected += 1
  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = rejected += 1
  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = expired += 1
  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
    modified += 1
  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = modifyRejected += 1
}
