package mvt.cluster.nemesis

/**
 * Many short schedules run back to back on one forked cluster: schedule `i` (seed `baseSeed + i`, from
 * [[Schedule.window]]) injects its faults in the window `[leadMillis + i × windowMillis, + windowMillis)` of the
 * day. The cluster carries on from one window to the next (a trader killed in one window joins again a few
 * windows later, and a kill waits until every trader is a member), so a schedule is a window of faults on the
 * state the earlier ones left, not a fresh cluster. The same base seed gives the same schedules. Immutable.
 */
final case class Windows(baseSeed: Long, count: Int, traders: Int, leadMillis: Long, windowMillis: Long) {

  /** Where window `i` starts, in milliseconds into the day. */
  def from(i: Int): Long = leadMillis + i * windowMillis

  /** The schedules, window by window. */
  val schedules: Vector[Schedule] =
    Vector.tabulate(count)(i => Schedule.window(baseSeed + i, traders, from(i), windowMillis))

  /** Every window's faults as one schedule, in time order, named by the base seed. */
  def combined: Schedule = Schedule(baseSeed, schedules.flatMap(_.faults).sortBy(_.millis))

  /** The window an instant `millis` into the day falls in; `None` before the first or after the last. */
  def at(millis: Long): Option[Int] =
    Option.when(millis >= leadMillis && millis < from(count))(((millis - leadMillis) / windowMillis).toInt)

  /** How window `i` reads in a report: its seed and span. */
  def render(i: Int): String =
    s"schedule ${i + 1} of $count (seed ${baseSeed + i}, ${from(i)} to ${from(i + 1)} ms)"
}
