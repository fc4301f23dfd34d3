package mvt.orderbook

import mvt.core.*

/**
 * What commands are applied to: an `Exchange`, or something that wraps one. Replay paths look a symbol's book
 * up once with `bookOf` and then use its index. Called on one thread only.
 */
trait CommandTarget {

  /** The book index of `symbol`, creating its book on first sight. */
  def bookOf(symbol: Symbol): Int

  /** An add for a book index from `bookOf`. */
  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit

  /** A cancel for a book index from `bookOf`. */
  def cancel(book: Int, id: OrderId): Unit

  /** An add placed by `account`; a target that does not track accounts treats it as any add. */
  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity, account: Account): Unit =
    add(book, id, side, price, qty)

  /** An add with a time in force (`spec/order-types.md`); GTC is the add above. */
  def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit

  /** A modify for a book index from `bookOf` (`spec/order-types.md`). */
  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit

  /**
   * Applies commands `[from, until)` of `columns`, `books(s)` being this target's book index of symbol `s`. A
   * target may override it with a loop of its own whose calls are direct (the generic loop's calls see every
   * target class the JVM has loaded).
   */
  def replayColumns(columns: CommandColumns, books: Array[Int], from: Int, until: Int): Unit =
    columns.replayEach(this, books, from, until)

  /** Sets the session clock for the commands that follow; a target without a clock ignores it. */
  def time(at: Timestamp): Unit = ()

  def add(symbol: Symbol, id: OrderId, side: Side, price: Price, qty: Quantity): Unit =
    add(bookOf(symbol), id, side, price, qty)

  def cancel(symbol: Symbol, id: OrderId): Unit = cancel(bookOf(symbol), id)

  def apply(command: Command): Unit = command match {
    case Command.Add(s, id, side, p, q, a, tif) =>
      if (tif == TimeInForce.Gtc) add(bookOf(s), id, side, p, q, a)
      else add(bookOf(s), id, side, p, q, a, tif)
    case Command.Cancel(s, id) => cancel(s, id)
    case Command.Modify(s, id, p, q) => modify(bookOf(s), id, p, q)
    case Command.Time(at) => time(at)
  }
}
