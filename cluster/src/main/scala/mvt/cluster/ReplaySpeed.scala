package mvt.cluster

/**
 * How fast the exchange plays a day: `times` session seconds per wall-clock second (1 is real time), or as fast
 * as the engine goes (`max`). Pacing follows the day's own clock (its `time` commands); a day without a clock has
 * nothing to pace by and plays at full speed. Immutable.
 */
final case class ReplaySpeed(times: Double) {
  require(times > 0.0, "a speed is positive")

  def isMax: Boolean = times.isPosInfinity

  def label: String =
    if (isMax) "max" else if (times == times.floor) times.toLong.toString else times.toString
}

object ReplaySpeed {
  val Max: ReplaySpeed = ReplaySpeed(Double.PositiveInfinity)
  val RealTime: ReplaySpeed = ReplaySpeed(1.0)

  /** `1`, any positive number `N`, or `max`. */
  def parse(text: String): Either[String, ReplaySpeed] =
    if (text == "max") Right(Max)
    else
      text.toDoubleOption.filter(d => d > 0.0 && d <= 1e9 && !d.isNaN) match {
        case Some(d) => Right(ReplaySpeed(d))
        case None => Left(s"--speed must be a positive number (1 is real time) or max, got '$text'")
      }
}
