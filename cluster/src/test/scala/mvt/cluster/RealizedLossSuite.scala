package mvt.cluster

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/**
 * The realized result the trust score weighs: average cost against an exact reference (BigDecimal arithmetic on
 * every fill), and the trust score barring a client on the loss half of its rule.
 */
class RealizedLossSuite extends ScalaCheckSuite {

  test("a round trip realizes its difference; a flip opens the rest at the fill's price") {
    val r = new RealizedLoss
    r.fill(0, buy = true, 100_00000000L, 10L) // long 10 at 100
    r.fill(0, buy = true, 102_00000000L, 10L) // long 20 at 101 on average
    r.fill(0, buy = false, 99_00000000L, 25L) // sells 20 at a loss of 2 each, then short 5 at 99
    assertEquals(r.realized, -4_000L)
    r.fill(0, buy = true, 98_00000000L, 5L) // covers the short 1 below its price
    assertEquals(r.realized, -3_500L)
    assertEquals(r.loss, 3_500L)
  }

  test("the trust score bars on the realized loss alone, past half the provisioned balance") {
    val t = TrustScore.default
    assert(!t.bars(0L, 500_000L, 1_000_000L))
    assert(t.bars(0L, 500_001L, 1_000_000L))
    assert(t.bars(50L, 0L, 1_000_000L))
  }

  // a fill: side, price in cents, quantity; flips included
  private val fills = Gen.listOf(for {
    buy <- Gen.oneOf(true, false)
    cents <- Gen.choose(9_000L, 11_000L)
    qty <- Gen.choose(1L, 50L)
  } yield (buy, cents, qty))

  property(
    "when every position is closed, the realized result is cash out minus cash in, to a cent per fill"
  ) {
    forAll(fills) { fs =>
      val r = new RealizedLoss
      var pos = 0L
      var cash = BigDecimal(0)
      fs.foreach { (buy, c, q) =>
        r.fill(0, buy, c * TradeFeed.PerCent, q)
        pos += (if (buy) q else -q)
        cash += (if (buy) -c * q else c * q)
      }
      // close out at 100.00
      if (pos != 0L) {
        r.fill(0, pos < 0L, 10_000L * TradeFeed.PerCent, math.abs(pos))
        cash += pos * 10_000L
      }
      // each closing fill rounds its average cost and its cents toward zero
      (BigDecimal(r.realized) - cash).abs <= BigDecimal(fs.size + 1)
    }
  }
}
