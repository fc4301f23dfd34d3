package mvt.analytics

import mvt.analytics.baseline.ListReturns

import munit.ScalaCheckSuite
import org.scalacheck.Prop.forAll

class ReturnsCalculatorSuite extends ScalaCheckSuite {

  // The worked example: midpoints 07:45 to 07:49.
  private val example = IArray(2.4, 2.25, 3.15, 3.3, 3.2)

  ReturnsCalculator.all.foreach { calc =>
    test(s"${calc.name}: 3-minute returns of the worked example are 37.5 and 42.22") {
      val r = calc.returnsOf(example, 3)
      assertEquals(r.length, 2)
      assertEqualsDouble(r(0), 37.5, 1e-12)
      assertEqualsDouble(r(1), 42.2222222222222, 1e-12)
    }

    test(s"${calc.name}: 1-minute returns of the worked example") {
      val expected = Seq(-6.25, 40.0, 4.761904761904762, -3.0303030303030303)
      calc.returnsOf(example, 1).toSeq.zip(expected).foreach((got, want) =>
        assertEqualsDouble(got, want, 1e-12)
      )
    }

    test(s"${calc.name}: k+1 points give one return, k or fewer give none") {
      assertEquals(calc.returnsOf(example, 4).length, 1)
      assertEquals(calc.returnsOf(example, 5).length, 0)
      assertEquals(calc.returnsOf(example, 50).length, 0)
      assertEquals(calc.returnsOf(IArray.empty[Double], 1).length, 0)
    }

    test(s"${calc.name}: a rollup below 1 is refused") {
      intercept[IllegalArgumentException](calc.returnsOf(example, 0))
    }

    test(s"${calc.name}: scaling keeps the sign of an all-negative series") {
      val scaled = calc.scaledOf(IArray(-2.0, -4.0, -1.0))
      assertEquals(scaled.toSeq, Seq(-0.5, -1.0, -0.25))
    }

    test(s"${calc.name}: an all-zero series stays zero and an empty one stays empty") {
      assertEquals(calc.scaledOf(IArray(0.0, 0.0, 0.0)).toSeq, Seq(0.0, 0.0, 0.0))
      assertEquals(calc.scaledOf(IArray.empty[Double]).length, 0)
    }
  }

  property("all implementations compute bit-identical returns") {
    forAll(SeriesGen.midpoints, SeriesGen.rollup) { (midpoints, rollup) =>
      val baseline = ListReturns.returnsOf(midpoints, rollup).toSeq.map(java.lang.Double.doubleToRawLongBits)
      ReturnsCalculator.all.foreach { calc =>
        val got = calc.returnsOf(midpoints, rollup).toSeq.map(java.lang.Double.doubleToRawLongBits)
        assertEquals(got, baseline, calc.name)
      }
    }
  }

  property("all implementations scale bit-identically") {
    forAll(SeriesGen.returns) { values =>
      val baseline = ListReturns.scaledOf(values).toSeq.map(java.lang.Double.doubleToRawLongBits)
      ReturnsCalculator.all.foreach { calc =>
        assertEquals(
          calc.scaledOf(values).toSeq.map(java.lang.Double.doubleToRawLongBits),
          baseline,
          calc.name
        )
      }
    }
  }

  property("returns follow the definition, one per minute from the k-th on") {
    forAll(SeriesGen.midpoints, SeriesGen.rollup) { (m, k) =>
      val r = ReturnsCalculator.fastest.returnsOf(m, k)
      assertEquals(r.length, math.max(0, m.length - k))
      r.indices.foreach { i =>
        val t = i + k
        assertEqualsDouble(r(i), (m(t) - m(t - k)) / m(t - k) * 100, 1e-9 * math.max(1.0, math.abs(r(i))))
      }
    }
  }

  property("scaled values lie in [-1, 1], keep every sign, and reach 1 in absolute value unless all zero") {
    forAll(SeriesGen.returns) { values =>
      val scaled = ReturnsCalculator.fastest.scaledOf(values)
      assertEquals(scaled.length, values.length)
      values.indices.foreach { i =>
        assert(scaled(i) >= -1.0 && scaled(i) <= 1.0, s"${scaled(i)} out of range")
        assertEquals(math.signum(scaled(i)), math.signum(values(i)))
      }
      if (values.exists(_ != 0.0)) assertEquals(scaled.map(math.abs).max, 1.0)
    }
  }
}
