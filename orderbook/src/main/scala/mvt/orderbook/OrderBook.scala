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
  def add(id: OrderId, side: Side, price: Price, qty: Quantity, fills: FillListener): Quantity =
    place(id, side, price, qty, OrderBook.Rest, fills)

  /**
   * `add` with a placement `mode`: `Rest` rests the remainder (GTC), `NoRest` drops it (IOC, and FOK after
   * `fillableQty`), `RestPostOnly` rests it marked post-only (the caller has checked that it crosses nothing).
   * Returns the quantity left after matching, whether it rested or not.
   */
  def place(id: OrderId, side: Side, price: Price, qty: Quantity, mode: Int, fills: FillListener): Quantity

  /**
   * The quantity resting on the side opposite `side` at prices that a `side` order at `price` crosses, summed
   * best level first and only until it reaches `upTo` (the FOK check walks only the levels it needs).
   */
  def fillableQty(side: Side, price: Price, upTo: Long): Long

  /** Side, price (raw), remaining quantity and post-only flag of an order resting here with index `handle`. */
  private[orderbook] def sideOf(id: OrderId, handle: Int): Side
  private[orderbook] def priceOf(id: OrderId, handle: Int): Long
  private[orderbook] def qtyOf(id: OrderId, handle: Int): Long
  private[orderbook] def isPostOnly(id: OrderId, handle: Int): Boolean

  /** Sets the remaining quantity of a resting order to `qty` (1 to its current), keeping its place in the queue. */
  private[orderbook] def reduce(id: OrderId, handle: Int, qty: Long): Unit

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

  /**
   * The top of the book (best bid price and quantity, best ask price and quantity, 0 for an empty side) compared
   * with `top(at)` to `top(at + 3)` and written there when it differs; returns whether it differed. The quote
   * feed asks this after every command, so the fast book answers it in one call.
   */
  def refreshTop(top: Array[Long], at: Int): Boolean = {
    val bp = bestPrice(Side.Buy)
    val bq = bestQty(Side.Buy)
    val ap = bestPrice(Side.Sell)
    val aq = bestQty(Side.Sell)
    OrderBook.storeTop(top, at, bp, bq, ap, aq)
  }

  /** Orders resting in this book (O(1) for the fast book, O(orders) for the historical ones). */
  def orderCount: Int

  /** The levels of one side, best first (allocates; for snapshots and tests). */
  def levels(symbol: Symbol, side: Side): Vector[Level]

  /** Resting orders of one side in priority order: best price first, earliest first within a price. */
  def restingOrders(side: Side): Vector[RestingOrder]

  /** Throws `IllegalStateException` if an internal invariant does not hold. For tests; costs O(book). */
  def checkInvariants(): Unit
}

object OrderBook {

  /** Placement modes of `OrderBook.place`. */
  inline val Rest = 0
  inline val NoRest = 1
  inline val RestPostOnly = 2

  /** Writes a top into `top(at)` to `top(at + 3)` unless it is there already; true when it wrote (the top moved). */
  private[orderbook] inline def storeTop(
      top: Array[Long],
      at: Int,
      bp: Long,
      bq: Long,
      ap: Long,
      aq: Long
  ): Boolean =
    if (bp == top(at) && bq == top(at + 1) && ap == top(at + 2) && aq == top(at + 3)) false
    else {
      top(at) = bp
      top(at + 1) = bq
      top(at + 2) = ap
      top(at + 3) = aq
      true
    }
}

/** Receives a book's fills. Each fill is of the resting order `makerId` at its own price. */
trait FillListener {

  /** `makerDone` is true when the maker has no quantity left and has left the book. */
  def fill(makerId: OrderId, price: Price, tradeQty: Quantity, makerDone: Boolean): Unit
}

/** A resting order as seen from outside a book. */
final case class RestingOrder(id: OrderId, side: Side, price: Price, remainingQty: Quantity)
