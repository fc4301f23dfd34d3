package mvt.trader

import mvt.trader.strategy.*

import mvt.core.*
import mvt.trader.TraderGens.*

/** The spread-capture market maker: when it quotes, on which side and price, and when it re-quotes. */
class SpreadCaptureStrategySuite extends munit.FunSuite {
  private val qty = Quantity(7)
  private def fresh() = new SpreadCaptureStrategy(Cent, 3, qty)
  private def bid(s: Symbol, c: Long) = Some(Decision(s, Side.Buy, cents(c), qty, TimeInForce.Post))
  private def offer(s: Symbol, c: Long) = Some(Decision(s, Side.Sell, cents(c), qty, TimeInForce.Post))

  test("no quote while the spread is narrower than the minimum, one tick inside once it reaches it") {
    val s = fresh()
    assertEquals(s.decide(bbo(acme, 1000, 5, 1002, 5)), None)
    assertEquals(s.decide(bbo(acme, 1000, 5, 1003, 5)), bid(acme, 1001))
  }

  test("no quote on a one-sided, empty, locked or crossed book") {
    val s = fresh()
    assertEquals(s.decide(bidOnly(acme, 1000)), None)
    assertEquals(s.decide(askOnly(acme, 1000)), None)
    assertEquals(s.decide(emptyBook(acme)), None)
    assertEquals(s.decide(bbo(acme, 1000, 5, 1000, 5)), None)
    assertEquals(s.decide(bbo(acme, 1004, 5, 1000, 5)), None)
  }

  test(
    "bids one tick above the bid while the bid queue is at least the ask queue, else offers below the ask"
  ) {
    assertEquals(fresh().decide(bbo(acme, 1000, 5, 1010, 5)), bid(acme, 1001))
    assertEquals(fresh().decide(bbo(acme, 1000, 6, 1010, 5)), bid(acme, 1001))
    assertEquals(fresh().decide(bbo(acme, 1000, 4, 1010, 5)), offer(acme, 1009))
  }

  test("does not repeat an unchanged quote, even when the rest of the book moved") {
    val s = fresh()
    assertEquals(s.decide(bbo(acme, 1000, 5, 1005, 5)), bid(acme, 1001))
    assertEquals(s.decide(bbo(acme, 1000, 5, 1005, 5)), None)
    assertEquals(s.decide(bbo(acme, 1000, 9, 1008, 2)), None) // still a bid at 10.01
  }

  test("re-quotes when the price or the side of the quote changes") {
    val s = fresh()
    assertEquals(s.decide(bbo(acme, 1000, 5, 1004, 1)), bid(acme, 1001))
    assertEquals(s.decide(bbo(acme, 1001, 5, 1004, 1)), bid(acme, 1002))
    // same price, other side: 10.02 is now one tick below the ask
    assertEquals(s.decide(bbo(acme, 999, 1, 1003, 5)), offer(acme, 1002))
    assertEquals(s.decide(bbo(acme, 1001, 5, 1004, 1)), bid(acme, 1002))
  }

  test("keeps the last quote per symbol") {
    val s = fresh()
    assertEquals(s.decide(bbo(acme, 1000, 5, 1004, 1)), bid(acme, 1001))
    assertEquals(s.decide(bbo(bolt, 1000, 5, 1004, 1)), bid(bolt, 1001))
    assertEquals(s.decide(bbo(acme, 1000, 5, 1004, 1)), None)
    assertEquals(s.decide(bbo(bolt, 1000, 5, 1004, 1)), None)
  }

  test("refuses a tick that is not positive and a minimum spread that leaves no room inside") {
    intercept[IllegalArgumentException](new SpreadCaptureStrategy(0, 3, qty))
    intercept[IllegalArgumentException](new SpreadCaptureStrategy(Cent, 1, qty))
  }
}
