package mvt.core

/**
 * Receives an engine's events as primitive calls, so a fast engine reports without allocating.
 * Called on the engine's thread only.
 */
trait EventSink {
  def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit
  def executed(
      symbol: Symbol,
      buyId: OrderId,
      sellId: OrderId,
      price: Price,
      tradeQty: Quantity,
      aggressor: Side
  ): Unit
  def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit
  def cancelRejected(symbol: Symbol, id: OrderId): Unit
  def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit

  /** An IOC or FOK order's quantity that did not fill and does not rest. */
  def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit

  /** An accepted modify: the order now rests with `restingQty` at `price` (0: it filled and is gone). */
  def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit
  def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit
}

object EventSink {

  /** Discards every event; a sink that cares for a few kinds extends it and overrides those. */
  abstract class Ignoring extends EventSink {
    def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = ()
    def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = ()
    def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = ()
    def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
    def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
    def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = ()
    def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = ()
    def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
  }

  /** Discards every event. */
  object Ignore extends Ignoring
}
