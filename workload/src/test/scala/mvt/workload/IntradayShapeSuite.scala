package mvt.workload

import java.time.LocalDate
import java.util.SplittableRandom

class IntradayShapeSuite extends munit.FunSuite {
  private val session = SessionCalendar.session(LocalDate.parse("2026-03-05"))
  private val halfHour = 30.0 / 390.0

  test("the intensity is U-shaped: openRatio at the bells, 1 at midday, and the shares add up") {
    val s = IntradayShape(3.0)
    assertEqualsDouble(s.intensity(0.0), 3.0, 1e-12)
    assertEqualsDouble(s.intensity(1.0), 3.0, 1e-12)
    assertEqualsDouble(s.intensity(0.5), 1.0, 1e-12)
    assertEqualsDouble(s.share(0.0, 1.0), 1.0, 1e-12)
    assertEqualsDouble(s.share(0.0, 0.5) + s.share(0.5, 1.0), 1.0, 1e-12)
    assertEqualsDouble(IntradayShape(1.0).share(0.2, 0.3), 0.1, 1e-12) // flat
  }

  test("the first and the last half hour each hold more arrivals than the middle hour") {
    // one large seeded day: deterministic for its seed; expected 12.5% in each half hour at the bells, 9.3% in
    // the middle hour (12:15-13:15 New York), so a 15% margin is many standard deviations wide
    val n = 400000
    val times = IntradayShape.default.arrivals(session, n, 1000L, new SplittableRandom(2026L))
    val open = session.open.epochNanos
    val close = session.close.epochNanos
    val thirtyMinutes = 30L * 60 * 1000000000L
    val midday = open + session.lengthNanos / 2
    val first = times.count(_ < open + thirtyMinutes)
    val last = times.count(_ >= close - thirtyMinutes)
    val middleHour = times.count(t => t >= midday - thirtyMinutes && t < midday + thirtyMinutes)
    assert(first > 1.15 * middleHour, s"$first vs $middleHour")
    assert(last > 1.15 * middleHour, s"$last vs $middleHour")
    // and each half hour holds about what the formula says (the expected counts are 25,000 to 50,000)
    val counts = new Array[Int](13)
    times.foreach(t => counts(((t - open) / thirtyMinutes).toInt) += 1)
    for (k <- 0 until 13) {
      val expected = n * IntradayShape.default.share(k * halfHour, (k + 1) * halfHour)
      assert(math.abs(counts(k) - expected) < 0.03 * expected, s"half hour $k: ${counts(k)} vs $expected")
    }
  }

  test("arrivals are sorted, inside [open, close), on whole microseconds") {
    for (shape <- Vector(IntradayShape(1.0), IntradayShape.default, IntradayShape(50.0))) {
      val times = shape.arrivals(session, 100000, 1000L, new SplittableRandom(7L))
      assert(times.sliding(2).forall(p => p(0) <= p(1)))
      assert(times.forall(t => session.contains(mvt.core.Timestamp.fromEpochNanos(t))))
      assert(times.forall(t => (t - session.open.epochNanos) % 1000L == 0))
    }
  }

  test("a sample that rounds to the end of the session stays inside it") {
    // a coarse resolution makes the last unit large: every arrival still falls before the close
    val times =
      IntradayShape(1000.0).arrivals(session, 10000, session.lengthNanos / 2, new SplittableRandom(1L))
    assert(times.forall(t => t < session.close.epochNanos))
  }
}
