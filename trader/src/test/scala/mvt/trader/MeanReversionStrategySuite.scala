package mvt.trader

import mvt.core.*
import mvt.trader.strategy.MeanReversionStrategy

class MeanReversionStrategySuite extends munit.FunSuite {
  private val Acme = Symbol.unsafe("ACME")
  private def bbo(bid: String, ask: String) =
    BboUpdated(Acme, Price.unsafe(bid), Quantity(100), Price.unsafe(ask), Quantity(100))

  test("sells at the bid when the mid is the threshold above its rolling mean, buys at the ask when below") {
    val s = new MeanReversionStrategy(4, 100, Quantity(7))
    // mids 10, 10, 10 fill the window with the fourth
    assertEquals(s.decide(bbo("9.99", "10.01")), None)
    assertEquals(s.decide(bbo("9.99", "10.01")), None)
    assertEquals(s.decide(bbo("9.99", "10.01")), None)
    // mid 10.4: the mean of 10, 10, 10, 10.4 is 10.1; 10.4 is 2.97% above it, past 1%
    assertEquals(
      s.decide(bbo("10.39", "10.41")),
      Some(Decision(Acme, Side.Sell, Price.unsafe("10.39"), Quantity(7)))
    )
    // still above: the signal was acted on once
    assertEquals(s.decide(bbo("10.39", "10.41")), None)
    // mid 9.5: the window 10, 10.4, 10.4, 9.5 has mean 10.075; 9.5 is 5.7% below
    assertEquals(
      s.decide(bbo("9.49", "9.51")),
      Some(Decision(Acme, Side.Buy, Price.unsafe("9.51"), Quantity(7)))
    )
  }

  test("exactly the threshold away counts; just inside does not") {
    // window 2: mean of (m0, m1) = (m0 + m1) / 2; mid m1 deviates by (m1 - m0) / (m0 + m1)
    // m0 = 99, m1 = 101: 1/100 = 100 bps exactly
    val s = new MeanReversionStrategy(2, 100, Quantity(1))
    assertEquals(s.decide(bbo("98.99", "99.01")), None)
    assertEquals(s.decide(bbo("100.99", "101.01")).map(_.side), Some(Side.Sell))
    val t = new MeanReversionStrategy(2, 101, Quantity(1))
    assertEquals(t.decide(bbo("98.99", "99.01")), None)
    assertEquals(t.decide(bbo("100.99", "101.01")), None)
  }

  test("the exact test agrees with its BigInteger form near the price limit") {
    val big = 1900000000000000000L
    val mids = Array(big, big - 40000000000000000L)
    val sum = mids.sum
    assertEquals(MeanReversionStrategy.signalBig(mids(1), mids, 100), -1)
    assertEquals(MeanReversionStrategy.signal(mids(1) / 1000000, sum / 1000000, 2, 100), -1)
  }
}
