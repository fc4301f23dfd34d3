package mvt.trader

import mvt.trader.strategy.*

import mvt.core.*
import mvt.trader.TraderGens.*

/** The momentum strategy: the lookback window, the threshold, the side and price, and once per signal. */
class MomentumStrategySuite extends munit.FunSuite {
  private val qty = Quantity(3)

  /** Decisions for mids in cents (one cent either side); a threshold of 100 bps. */
  private def run(s: MomentumStrategy, mids: Long*): Vector[Option[Decision]] =
    mids.toVector.map(m => s.decide(around(acme, m)))

  private def buyAt(askCents: Long) = Some(Decision(acme, Side.Buy, cents(askCents), qty, TimeInForce.Ioc))
  private def sellAt(bidCents: Long) = Some(Decision(acme, Side.Sell, cents(bidCents), qty, TimeInForce.Ioc))

  test("no signal before the window is full, however far the mid moves") {
    val got = run(new MomentumStrategy(3, 100, qty), 1000, 2000, 4000, 4000)
    // the fourth compares with the first: +300%
    assertEquals(got, Vector(None, None, None, buyAt(4001)))
  }

  test("a rise of the threshold bids at the best ask; a rise just short of it does nothing") {
    assertEquals(run(new MomentumStrategy(1, 100, qty), 1000, 1010), Vector(None, buyAt(1011)))
    assertEquals(run(new MomentumStrategy(1, 100, qty), 1000, 1009), Vector(None, None))
  }

  test("a fall of the threshold offers at the best bid; a fall just short of it does nothing") {
    assertEquals(run(new MomentumStrategy(1, 100, qty), 1000, 990), Vector(None, sellAt(989)))
    assertEquals(run(new MomentumStrategy(1, 100, qty), 1000, 991), Vector(None, None))
  }

  test("compares with the mid exactly lookback two-sided updates ago") {
    // with lookback 2, 1010 compares with 1000 (+1%), not with its predecessor 1020 (-0.98%)
    assertEquals(run(new MomentumStrategy(2, 100, qty), 1000, 1020, 1010), Vector(None, None, buyAt(1011)))
  }

  test("acts once per onset: a continuing rise is quiet, a rise after a flat spell acts again") {
    val got = run(new MomentumStrategy(1, 100, qty), 1000, 1010, 1021, 1031, 1042)
    // +1%, +1.09% (still up), +0.98% (flat), +1.07% (a new onset)
    assertEquals(got, Vector(None, buyAt(1011), None, None, buyAt(1043)))
  }

  test("a reversal acts at once, each way") {
    val got = run(new MomentumStrategy(1, 100, qty), 1000, 1010, 990, 1000)
    assertEquals(got, Vector(None, buyAt(1011), sellAt(989), buyAt(1001)))
  }

  test("one-sided updates are ignored and do not enter the window") {
    val s = new MomentumStrategy(1, 100, qty)
    assertEquals(s.decide(around(acme, 1000)), None)
    assertEquals(s.decide(bidOnly(acme, 500)), None)
    assertEquals(s.decide(askOnly(acme, 2000)), None)
    assertEquals(s.decide(around(acme, 1010)), buyAt(1011))
  }

  test("each symbol has its own window") {
    val s = new MomentumStrategy(1, 100, qty)
    assertEquals(s.decide(around(acme, 1000)), None)
    assertEquals(s.decide(around(bolt, 2000)), None)
    assertEquals(s.decide(around(acme, 1010)), buyAt(1011))
    assertEquals(s.decide(around(bolt, 1990)), None) // -0.5% against bolt's own 20.00
  }

  test("refuses a lookback or threshold that is not positive") {
    intercept[IllegalArgumentException](new MomentumStrategy(0, 100, qty))
    intercept[IllegalArgumentException](new MomentumStrategy(1, 0, qty))
  }

  test("moves near the top of the price range keep their direction (the products need 128 bits)") {
    // mids of 50,000,000 and 100,000,000 in cents; (now - past) * 10000 overflows a Long
    assertEquals(
      run(new MomentumStrategy(1, 100, qty), 5000000000L, 10000000000L),
      Vector(None, buyAt(10000000001L))
    )
    val s = new MomentumStrategy(1, 100, qty)
    assertEquals(run(s, 10000000000L, 5000000000L), Vector(None, sellAt(4999999999L)))
  }

  test("atLeast compares 128-bit products exactly") {
    assert(MomentumStrategy.atLeast(Long.MaxValue, 10000L, Long.MaxValue, 9999L))
    assert(!MomentumStrategy.atLeast(Long.MaxValue, 9999L, Long.MaxValue, 10000L))
    assert(MomentumStrategy.atLeast(3L, 4L, 2L, 6L))
    assert(!MomentumStrategy.atLeast(3L, 4L, 5L, 3L))
  }
}
