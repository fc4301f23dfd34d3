package mvt.bench.orderbook

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}

/** A one-symbol exchange for microbenchmarks, with helpers that take raw numbers. Not thread-safe. */
final class BookFixture(engineLabel: String) {
  val sink = new EventCounter
  val exchange =
    new Exchange(Engine.parse(engineLabel).getOrElse(sys.error(s"unknown engine $engineLabel")), sink)
  private val book = exchange.bookOf(Symbol.unsafe("JMH"))

  def add(id: Long, buy: Boolean, price: Long, qty: Long): Unit =
    exchange.add(book, OrderId(id), if (buy) Side.Buy else Side.Sell, Price.fromRaw(price), Quantity(qty))

  /** An add with a time in force (`spec/order-types.md`). */
  def place(id: Long, buy: Boolean, price: Long, qty: Long, tif: TimeInForce): Unit =
    exchange.place(
      book,
      OrderId(id),
      if (buy) Side.Buy else Side.Sell,
      Price.fromRaw(price),
      Quantity(qty),
      tif
    )

  def modify(id: Long, price: Long, qty: Long): Unit =
    exchange.modify(book, OrderId(id), Price.fromRaw(price), Quantity(qty))

  def cancel(id: Long): Unit = exchange.cancel(book, OrderId(id))

  /**
   * Rests the benchmarks' standing book: 10 levels a side, 3 orders of 100 each, bids from one tick below `Mid`
   * and asks from six ticks above, with ids from `firstId` on. Returns the next free id.
   */
  def tenLevels(firstId: Long): Long = {
    var id = firstId
    for (level <- 1 to 10; _ <- 1 to 3) {
      add(id, buy = true, BookFixture.Mid - level * BookFixture.Tick, 100L); id += 1
      add(id, buy = false, BookFixture.Mid + (level + 5) * BookFixture.Tick, 100L); id += 1
    }
    id
  }
}

object BookFixture {
  val Tick: Long = Price.Scale / 100
  val Mid: Long = 100L * Price.Scale
}
