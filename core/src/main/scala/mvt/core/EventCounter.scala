package mvt.core

/**
 * Counts events by kind and folds them into an order-sensitive 64-bit digest, so two engines' outputs can be
 * compared without storing them. Allocation-free. Not thread-safe.
 */
final class EventCounter extends EventSink {
  var added = 0L
  var executed = 0L
  var canceled = 0L
  var cancelRejected = 0L
  var rejected = 0L
  var expired = 0L
  var modified = 0L
  var modifyRejected = 0L
  var executedQty = 0L
  private var digestState = 0x6a09e667f3bcc909L

  def total: Long =
    added + executed + canceled + cancelRejected + rejected + expired + modified + modifyRejected

  /** Equal for equal event sequences (and, with overwhelming likelihood, only for them). */
  def digest: Long = digestState

  private inline def mix(v: Long): Unit = {
    var h = (digestState ^ v) * 0x9e3779b97f4a7c15L
    h ^= h >>> 29
    digestState = h * 0xbf58476d1ce4e5b9L
  }

  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
    added += 1
    mix(1); mix(symbol.name.hashCode.toLong); mix(id.value); mix(side.code.toLong); mix(price.raw)
    mix(restingQty.units)
  }

  def executed(s: Symbol, buyId: OrderId, sellId: OrderId, p: Price, q: Quantity, aggressor: Side): Unit = {
    executed += 1
    executedQty += q.units
    mix(2); mix(s.name.hashCode.toLong); mix(buyId.value); mix(sellId.value); mix(p.raw); mix(q.units)
    mix(aggressor.code.toLong)
  }

  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = {
    canceled += 1
    mix(3); mix(symbol.name.hashCode.toLong); mix(id.value); mix(canceledQty.units)
  }

  def cancelRejected(symbol: Symbol, id: OrderId): Unit = {
    cancelRejected += 1
    mix(4); mix(symbol.name.hashCode.toLong); mix(id.value)
  }

  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = {
    rejected += 1
    mix(5); mix(symbol.name.hashCode.toLong); mix(id.value); mix(reason.ordinal.toLong)
  }

  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = {
    expired += 1
    mix(6); mix(symbol.name.hashCode.toLong); mix(id.value); mix(qty.units)
  }

  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
    modified += 1
    mix(7); mix(symbol.name.hashCode.toLong); mix(id.value); mix(side.code.toLong); mix(price.raw)
    mix(restingQty.units)
  }

  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = {
    modifyRejected += 1
    mix(8); mix(symbol.name.hashCode.toLong); mix(id.value); mix(reason.ordinal.toLong)
  }

  /**
   * Counts by the spec's event words, in the spec's order; the kinds of `spec/order-types.md` only when they
   * occurred, so a stream without them counts as it always did.
   */
  def byKind: Vector[(String, Long)] = Vector(
    "added" -> added,
    "executed" -> executed,
    "canceled" -> canceled,
    "cancel-rejected" -> cancelRejected,
    "rejected" -> rejected
  ) ++ Vector("expired" -> expired, "modified" -> modified, "modify-rejected" -> modifyRejected).filter(
    _._2 > 0
  )
}
