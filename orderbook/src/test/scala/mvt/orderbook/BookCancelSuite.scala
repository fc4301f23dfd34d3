package mvt.orderbook

import mvt.core.*

/**
 * `OrderBook.cancel` used directly on one book, as a caller without an exchange would: it removes only the
 * book's own live orders, and ids are checked at the exchange.
 */
class BookCancelSuite extends munit.FunSuite {
  private val noFills: FillListener = (_, _, _, _) => ()
  private def px(s: String) = Price.parse(s).get

  for (engine <- Engine.values) {
    test(s"${engine.label}: a book cancels its own resting orders once, and nothing of another book") {
      val index = new OrderIndex()
      val mine = engine.newBook(index, 0)
      val other = engine.newBook(index, 1)
      assertEquals(mine.add(OrderId(1), Side.Buy, px("10.00"), Quantity(5), noFills), Quantity(5))
      assertEquals(other.add(OrderId(2), Side.Sell, px("11.00"), Quantity(7), noFills), Quantity(7))
      assertEquals(mine.cancel(OrderId(2)), Quantity.Zero, "id 2 rests in the other book")
      assert(index.isLive(2L), "a refused cancel must leave the other book's order live")
      assertEquals(other.orderCount, 1)
      assertEquals(mine.cancel(OrderId(1)), Quantity(5))
      assertEquals(mine.cancel(OrderId(1)), Quantity.Zero, "a second cancel finds nothing")
      assertEquals(mine.cancel(OrderId(99)), Quantity.Zero)
      assertEquals(mine.orderCount, 0)
      assertEquals(index.size, 1)
      mine.checkInvariants()
      other.checkInvariants()
    }

    test(s"${engine.label}: the exchange refuses a nonpositive id on add, and rejects its cancel") {
      val events = new EventCounter
      val exchange = new Exchange(engine, events)
      val b = exchange.bookOf(Symbol.unsafe("ACME"))
      exchange.add(b, OrderId(1), Side.Buy, px("10.00"), Quantity(5))
      for (id <- Seq(0L, -1L, Long.MinValue)) {
        intercept[IllegalArgumentException](exchange.add(b, OrderId(id), Side.Sell, px("9.00"), Quantity(1)))
        exchange.cancel(b, OrderId(id))
      }
      assertEquals(exchange.liveOrderCount, 1)
      assert(exchange.isLive(OrderId(1)))
      exchange.checkInvariants()
    }
  }
}
