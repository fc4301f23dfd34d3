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

  property("pnlTwiceMark is pnl at half the mark, exactly, whether or not the Long path overflows") {
    Prop.forAll(fills, fees, marks) { (fs, fee, twiceMark) =>
      val l = new Lots
      fs.foreach((b, q, p) => l.fill(b, q, p))
      val f = new BigDecimal(fee)
      val feeUnits =
        try f.movePointRight(8).longValueExact
        catch { case _: ArithmeticException => -1L }
      val expected = l.pnl(BigDecimal.valueOf(twiceMark, 8).divide(BigDecimal.valueOf(2)), f)
      assertEquals(l.pnlTwiceMark(twiceMark, f, feeUnits).compareTo(expected), 0)
      l.close(7L, twiceMark, f, feeUnits)
      assertEquals(l.recordedAt(7L).compareTo(expected), 0)
      assertEquals(l.recordedAt(100L).compareTo(expected), 0, "a value holds until the next one")
      assertEquals(l.recordedAt(6L), null, "nothing before the first close")
    }
  }

  test("the series keeps a value until it changes, and a second close of one hour does nothing") {
    val l = new Lots
    l.fill(true, 10, 100000000L) // 10 at 1
    l.close(1L, 200000000L, BigDecimal.ZERO, 0L) // mark 1: 0
    l.close(2L, 300000000L, BigDecimal.ZERO, 0L) // mark 1.5: 5
    l.close(2L, 900000000L, BigDecimal.ZERO, 0L) // ignored
    l.close(5L, 300000000L, BigDecimal.ZERO, 0L) // 5 again
    assertEquals(Money.render(l.recordedAt(1L)), "0")
    assertEquals(Money.render(l.recordedAt(2L)), "5")
    assertEquals(Money.render(l.recordedAt(4L)), "5")
    assertEquals(Money.render(l.recordedAt(5L)), "5")
  }
}
