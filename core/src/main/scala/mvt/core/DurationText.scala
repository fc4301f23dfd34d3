package mvt.core

/** Durations as commands take them: a number and a unit, `500ns`, `20us` (or `µs`), `2ms`, `1.5s`. */
object DurationText {
  private val units = Vector("ns" -> 1L, "us" -> 1000L, "µs" -> 1000L, "ms" -> 1000000L, "s" -> 1000000000L)

  /** The duration `s` names, in whole nanoseconds, if it is one and positive. */
  def nanos(s: String): Option[Long] =
    units.collectFirst {
      case (u, f) if s.endsWith(u) && s.dropRight(u.length).toDoubleOption.isDefined =>
        (s.dropRight(u.length).toDouble * f).toLong
    }.filter(_ > 0)
}
