package mvt.reporting

import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal

/** `Lots`'s Long path against its BigDecimal path, overflow and fine fees included, and its hourly series. */
class LotsSuite extends munit.ScalaCheckSuite {

  private val fills = Gen.listOfN(
    12,
    for {
      buy <- Gen.oneOf(true, false)
      qty <- Gen.oneOf(Gen.choose(1L, 1000L), Gen.choose(1L, 1000000000L))
      price <- Gen.oneOf(Gen.choose(1L, 100000L).map(_ * 1000000L), Gen.choose(1L, 999999999999999999L))
    } yield (buy, qty, price)
  )
  private val fees = Gen.oneOf("0", "0.001", "0.0035", "0.000000001", "12.5")
  private val marks = Gen.oneOf(Gen.choose(2L, 200000000000L), Gen.choose(2L, 1999999999999999998L))

  property("a close keeps the state that gives pnl at any mark, exactly, whether or not Longs overflow") {
    Prop.forAll(fills, fees, marks, marks) { (fs, fee, twiceMark, otherMark) =>
      val l = new Lots
      fs.foreach((b, q, p) => l.fill(b, q, p))
      val f = new BigDecimal(fee)
      val feeUnits =
        try f.movePointRight(8).longValueExact
        catch { case _: ArithmeticException => -1L }
      def expected(m: Long) = l.pnl(BigDecimal.valueOf(m, 8).divide(BigDecimal.valueOf(2)), f)
      l.close(7L, f, feeUnits)
      assertEquals(l.pnlAt(7L, twiceMark).compareTo(expected(twiceMark)), 0)
      assertEquals(l.pnlAt(100L, otherMark).compareTo(expected(otherMark)), 0, "the state holds until a fill")
      assertEquals(l.pnlAt(6L, twiceMark), null, "nothing before the first close")
    }
  }

  test("each close after fills starts a new state; hours between use the state in force") {
    val l = new Lots
    l.fill(true, 10, 100000000L) // 10 at 1
    l.close(1L, BigDecimal.ZERO, 0L)
    l.fill(false, 4, 300000000L) // sells 4 at 3: realizes 8, 6 left at 1
    l.close(5L, BigDecimal.ZERO, 0L)
    assertEquals(Money.render(l.pnlAt(1L, 400000000L)), "10") // 10 × (2 − 1)
    assertEquals(Money.render(l.pnlAt(4L, 400000000L)), "10")
    assertEquals(Money.render(l.pnlAt(5L, 400000000L)), "14") // 8 + 6 × (2 − 1)
    assertEquals(Money.render(l.pnlAt(9L, 300000001L)), "11.00000003") // 8 + 6 × (1.500000005 − 1)
    assertEquals(l.firstClosed, 1L)
  }
}
