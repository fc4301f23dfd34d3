package mvt.analytics

import munit.ScalaCheckSuite
import org.scalacheck.Prop.forAll

class MinuteSeriesBuilderSuite extends ScalaCheckSuite {

  private val t0 = Minute.of(java.time.Instant.parse("2016-01-29T07:45:00Z"))

  test("a gap of two minutes gets the points a third and two thirds of the way, not copies") {
    val s = MinuteSeriesBuilder.interpolate("X", List(t0 -> 2.0, t0.plus(3) -> 3.5))
    assertEquals(s.start, t0)
    assertEquals(s.values.toSeq, Seq(2.0, 2.5, 3.0, 3.5))
  }

  test("a falling gap interpolates downwards") {
    val s = MinuteSeriesBuilder.interpolate("X", List(t0 -> 10.0, t0.plus(5) -> 5.0))
    s.values.toSeq.zip(Seq(10.0, 9.0, 8.0, 7.0, 6.0, 5.0)).foreach((a, b) => assertEqualsDouble(a, b, 1e-12))
  }

  test("consecutive minutes pass through unchanged, and one point is a series of one") {
    assertEquals(
      MinuteSeriesBuilder.interpolate("X", List(t0 -> 1.0, t0.plus(1) -> 2.0)).values.toSeq,
      Seq(1.0, 2.0)
    )
    assertEquals(MinuteSeriesBuilder.interpolate("X", List(t0 -> 1.0)).values.toSeq, Seq(1.0))
    assertEquals(MinuteSeriesBuilder.interpolate("X", Nil).length, 0)
  }

  test("a minute that does not come after the last is refused") {
    val b = new MinuteSeriesBuilder("X")
    b.add(t0, 1.0)
    intercept[IllegalArgumentException](b.add(t0, 2.0))
  }

  property("known points are kept and every filled point lies on the line between its neighbours") {
    forAll(SeriesGen.knownPoints(maxGap = 30)) { known =>
      val s = MinuteSeriesBuilder.interpolate("X", known)
      assertEquals(s.start, known.head._1)
      assertEquals(s.end, known.last._1.plus(1))
      known.foreach((m, v) => assertEquals(s.values(m.minus(s.start).toInt), v))
      known.zip(known.tail).foreach { case ((m0, v0), (m1, v1)) =>
        val span = m1.minus(m0)
        (1L until span).foreach { j =>
          val got = s.values((m0.minus(s.start) + j).toInt)
          val onLine = v0 + (v1 - v0) * j / span
          assertEqualsDouble(got, onLine, 1e-9 * math.max(v0, v1))
          assert(got >= math.min(v0, v1) - 1e-9 && got <= math.max(v0, v1) + 1e-9)
        }
      }
    }
  }
}
