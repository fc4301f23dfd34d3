package mvt.orderbook

import mvt.core.*
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** A pre-sized exchange behaves exactly as one that grows, and within its sizes its fast books never grow. */
class SizingSuite extends munit.ScalaCheckSuite {

  property("pre-sized or growing, the fast exchange emits the same events and ends with the same book") {
    forAll(CommandGens.genCommands(400), Gen.choose(1, 64), Gen.choose(1, 3)) { (commands, orders, books) =>
      val grown = new EventCounter
      val sized = new EventCounter
      val a = new Exchange(Engine.Fast, grown)
      val b = new Exchange(Engine.Fast, sized, Sizing.upFront(orders, books))
      commands.foreach { c =>
        a(c); b(c)
      }
      b.checkInvariants()
      assertEquals(sized.digest, grown.digest)
      assertEquals(b.snapshot, a.snapshot)
    }
  }

  test("a book sized for its depth allocates nothing more while it fills, drains and fills again") {
    val sizing = Sizing.upFront(5000, 1)
    val x = new Exchange(Engine.Fast, EventSink.Ignore, sizing)
    val s = Symbol.unsafe("A")
    val b = x.bookOf(s)
    x.add(b, OrderId(1L), Side.Buy, Price.fromRaw(Price.Scale), Quantity(1L)) // the book exists from here
    x.cancel(b, OrderId(1L))
    val book = x.book(s).get.asInstanceOf[FastOrderBook]
    val bytes = book.footprintBytes
    val indexBytes = x.indexFootprintBytes
    var id = 2L
    for (round <- 1 to 3) {
      // 4,000 resting orders on 1,000 levels a side, then a sweep of each side
      for (i <- 0 until 4000) {
        val side = if (i % 2 == 0) Side.Buy else Side.Sell
        val ticks = if (side.isBuy) 1000L - i % 1000 else 2000L + i % 1000
        x.add(b, OrderId(id), side, Price.fromRaw(ticks * Price.Scale / 100), Quantity(1L))
        id += 1
      }
      assertEquals(book.footprintBytes, bytes, s"round $round: the book grew")
      assertEquals(x.indexFootprintBytes, indexBytes, s"round $round: the index grew")
      // sweeps on the same grid that take exactly what rests, so nothing of theirs stays
      x.add(b, OrderId(id), Side.Sell, Price.fromRaw(Price.Scale / 100), Quantity(2000L)); id += 1
      x.add(b, OrderId(id), Side.Buy, Price.fromRaw(30 * Price.Scale), Quantity(2000L)); id += 1
      assertEquals(x.liveOrderCount, 0)
      x.checkInvariants()
    }
  }

  test("sizes must be positive") {
    intercept[IllegalArgumentException](Sizing(0, 1, 1))
    intercept[IllegalArgumentException](Sizing(1, 0, 1))
    intercept[IllegalArgumentException](Sizing(1, 1, 0))
  }
}
