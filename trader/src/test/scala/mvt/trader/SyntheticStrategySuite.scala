package mvt.trader

import mvt.trader.strategy.*

import mvt.core.*
import mvt.trader.TraderGens.*

/** The benchmark strategy's decisions (never its timing): it joins the bid of a two-sided book. */
class SyntheticStrategySuite extends munit.FunSuite {

  for (cost <- Vector(0L, 20000L))
    test(s"cost $cost: joins the best bid with one unit on a two-sided book, every time") {
      val s = new SyntheticStrategy(cost)
      val u = bbo(acme, 1000, 4, 1003, 9)
      val want = Some(Decision(acme, Side.Buy, cents(1000), Quantity(1)))
      assertEquals(s.decide(u), want)
      assertEquals(s.decide(u), want) // stateless: no de-duplication
      assertEquals(s.decide(bbo(bolt, 1, 1, 2, 1)), Some(Decision(bolt, Side.Buy, cents(1), Quantity(1))))
    }

  for (cost <- Vector(0L, 20000L))
    test(s"cost $cost: no decision on a one-sided or empty book") {
      val s = new SyntheticStrategy(cost)
      assertEquals(s.decide(bidOnly(acme, 1000)), None)
      assertEquals(s.decide(askOnly(acme, 1000)), None)
      assertEquals(s.decide(emptyBook(acme)), None)
    }

  test("burn with no time returns its seed; with time it returns a chain value, never 0 for an odd seed") {
    assertEquals(SyntheticStrategy.burn(0, 12345L), 12345L)
    assertNotEquals(SyntheticStrategy.burn(1000, 1L), 0L)
  }

  test("refuses a negative cost") {
    intercept[IllegalArgumentException](new SyntheticStrategy(-1))
  }
}
