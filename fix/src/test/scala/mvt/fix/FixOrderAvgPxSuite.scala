package mvt.fix

import mvt.core.{Price, Side, Symbol}
import org.scalacheck.{Gen, Prop}

/** AvgPx (6) in Long arithmetic, with its BigInteger fallback, equals the exact mean rounded half to even. */
class FixOrderAvgPxSuite extends munit.ScalaCheckSuite {

  private def exact(fills: Seq[(Long, Long)]): String = {
    val qty = fills.map(_._2).sum
    if (qty == 0) "0"
    else {
      val notional = fills.foldLeft(java.math.BigDecimal.ZERO) { case (s, (raw, q)) =>
        s.add(java.math.BigDecimal.valueOf(raw).multiply(java.math.BigDecimal.valueOf(q)))
      }
      notional.divide(java.math.BigDecimal.valueOf(qty), 0, java.math.RoundingMode.HALF_EVEN)
        .movePointLeft(8).stripTrailingZeros.toPlainString
    }
  }

  private def order(fills: Seq[(Long, Long)]): FixOrder = {
    val o = new FixOrder(
      FixOrder.IdBase,
      "A",
      "c",
      Symbol.unsafe("ACME"),
      Side.Buy,
      Price.unsafe("1"),
      Long.MaxValue
    )
    fills.foreach((raw, q) => o.fill(Price.fromRaw(raw), q))
    o
  }

  private val small = Gen.zip(Gen.choose(1L, 100000000000L), Gen.choose(1L, 10000L))
  private val large = Gen.zip(Gen.choose(1L, Price.Limit - 1), Gen.choose(1L, 1000000000L))

  property("small fills (the Long sum) give the exact mean, rounded half to even") {
    Prop.forAll(Gen.listOf(small))(fills => assertEquals(order(fills).avgPxText, exact(fills)))
  }

  property("fills whose notional overflows a Long give the exact mean too") {
    Prop.forAll(Gen.listOf(Gen.oneOf(small, large)))(fills =>
      assertEquals(order(fills).avgPxText, exact(fills))
    )
  }

  test("a tie rounds to the even last digit") {
    assertEquals(order(Seq(1L -> 1L, 2L -> 1L)).avgPxText, "0.00000002") // 1.5 units
    assertEquals(order(Seq(2L -> 1L, 3L -> 1L)).avgPxText, "0.00000002") // 2.5 units
    assertEquals(order(Seq(3L -> 1L, 4L -> 1L)).avgPxText, "0.00000004") // 3.5 units
    assertEquals(order(Nil).avgPxText, "0")
  }
}
