package mvt.workload

import java.util.SplittableRandom

/**
 * The U-shaped intensity of arrivals over a session: busy at the open, quiet at midday, busy again into the
 * close, as in real equity markets. On the session's fraction `x` in `[0, 1)`,
 * `λ(x) = 1 + (r - 1)(2x - 1)^2`, so the bells are `r` times as busy as midday (`openRatio`, at least 1; 1 is
 * a flat day). The session holds `Λ = 1 + (r - 1)/3` of it in all.
 */
final case class IntradayShape(openRatio: Double) {
  require(openRatio >= 1.0 && openRatio <= 1000.0, "openRatio must be from 1 to 1000")

  /** The relative intensity at fraction `x` of the session (1 at midday). */
  def intensity(x: Double): Double = 1.0 + (openRatio - 1.0) * (2.0 * x - 1.0) * (2.0 * x - 1.0)

  /** The share of a session's arrivals expected in `[from, until)` (fractions of the session): `∫λ / Λ`. */
  def share(from: Double, until: Double): Double = (cumulative(until) - cumulative(from)) / cumulative(1.0)

  private def cumulative(x: Double): Double = {
    val y = 2.0 * x - 1.0
    x + (openRatio - 1.0) * (y * y * y + 1.0) / 6.0
  }

  // λ is a mixture: the flat part holds 1 of Λ, the parabola (r - 1)/3; it is drawn exactly, with no rejection
  private val parabolaWeight = ((openRatio - 1.0) / 3.0) / (1.0 + (openRatio - 1.0) / 3.0)

  /**
   * One arrival's fraction of the session, drawn from the density `λ/Λ`: with the parabola's weight,
   * `|2x - 1|` has density `3y^2` on `[0, 1]`, which is `U^(1/3)`; otherwise `x` is uniform. May return 1.0
   * by rounding; callers clamp.
   */
  def sample(rnd: SplittableRandom): Double =
    if (rnd.nextDouble() < parabolaWeight) {
      // StrictMath: the same seed gives the same files on every JVM
      val y = StrictMath.cbrt(rnd.nextDouble())
      if (rnd.nextBoolean()) 0.5 + 0.5 * y else 0.5 - 0.5 * y
    } else rnd.nextDouble()

  /**
   * `count` arrival instants in `session`, sorted, at `resolutionNanos` (the clock ticks in whole units of it,
   * so arrivals in the same unit share an instant), all in `[open, close)`.
   *
   * Conditional on their number, the arrival times of a Poisson process of intensity `λ(t)` are independent
   * and identically distributed with density `λ/Λ` (the order statistics property). So drawing `count`
   * fractions from that density and sorting them is an exact sample of the process given its count, not an
   * approximation, and needs no thinning or time stepping.
   */
  def arrivals(
      session: SessionCalendar.Session,
      count: Int,
      resolutionNanos: Long,
      rnd: SplittableRandom
  ): Array[Long] = {
    require(resolutionNanos >= 1 && resolutionNanos <= session.lengthNanos, "resolution must fit the session")
    val units = session.lengthNanos / resolutionNanos
    val open = session.open.epochNanos
    val out = new Array[Long](count)
    var i = 0
    while (i < count) {
      val u = math.min(units - 1, (sample(rnd) * units).toLong)
      out(i) = open + u * resolutionNanos
      i += 1
    }
    java.util.Arrays.sort(out)
    out
  }
}

object IntradayShape {

  /** The bells three times as busy as midday, about what US equity volume curves show. */
  val default: IntradayShape = IntradayShape(3.0)

  /** The clock's resolution for generated days: one microsecond, as many venues stamp. */
  val MicrosecondNanos: Long = 1000L
}
