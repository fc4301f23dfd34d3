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
}

object BookFixture {
  val Tick: Long = Price.Scale / 100
  val Mid: Long = 100L * Price.Scale
}
