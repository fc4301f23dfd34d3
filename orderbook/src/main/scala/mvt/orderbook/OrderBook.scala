package mvt.orderbook

import mvt.core.*

/**
 * The matching core of one symbol's book. Validation, symbols and id liveness across books belong to
 * `Exchange`. Not thread-safe: one thread drives a book.
 */
trait OrderBook {

  /**
   * Matches a valid order against the book by price-time priority, reporting each fill to `fills`, and rests
   * any remainder. Returns the quantity that rested (zero when fully filled).
   */
  def add(id: OrderId, side: Side, price: Price, qty: Quantity, fills: FillListener): Quantity

  /** Removes a resting order; returns the quantity that was resting, or zero when `id` does not rest here. */
  def cancel(id: OrderId): Quantity

  /**
   * Removes an order that rests here and whose index entry the caller has just taken (`OrderIndex.take`, which
   * gave `handle`); returns its remaining quantity. Saves the exchange a second and third index probe.
   */
  private[orderbook] def cancelTaken(id: OrderId, handle: Int): Quantity

  /** The best price of one side in raw units, or 0 when the side is empty. O(1) for the fast book. */
  def bestPrice(side: Side): Long

  /** The quantity resting at the best price of one side, or 0 when the side is empty. O(1) for the fast book. */
  def bestQty(side: Side): Long

  /** Orders resting in this book (O(1) for the fast book, O(orders) for the historical ones). */
  def orderCount: Int

  /** The levels of one side, best first (allocates; for snapshots and tests). */
  def levels(symbol: Symbol, side: Side): Vector[Level]

  /** Resting orders of one side in priority order: best price first, earliest first within a price. */
  def restingOrders(side: Side): Vector[RestingOrder]

  /** Throws `IllegalStateException` if an internal invariant does not hold. For tests; costs O(book). */
  def checkInvariants(): Unit
}

/** Receives a book's fills. Each fill is of the resting order `makerId` at its own price. */
trait FillListener {

  /** `makerDone` is true when the maker has no quantity left and has left the book. */
  def fill(makerId: OrderId, price: Price, tradeQty: Quantity, makerDone: Boolean): Unit
}

/** A resting order as seen from outside a book. */
final case class RestingOrder(id: OrderId, side: Side, price: Price, remainingQty: Quantity)
