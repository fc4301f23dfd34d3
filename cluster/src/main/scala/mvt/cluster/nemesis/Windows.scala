package mvt.cluster.nemesis

/**
 * Many short schedules run back to back on one forked cluster: schedule `i` (seed `baseSeed + i`, from
 * [[Schedule.window]]) injects its faults in the window `[leadMillis + i × windowMillis, + windowMillis)` of the
 * day. The cluster carries on from one window to the next (a trader killed in one window joins again a few
 * windows later, and a kill waits until every trader is a member), so a schedule is a window of faults on the
 * state the earlier ones left, not a fresh cluster. With `killExchange`, one of the last three windows (picked from
 * the base seed) also kills the exchange and restarts it ([[Schedule.exchangeKill]]): late, since no trader fault is
 * injected while the exchange is down or restarting; every window's trader faults stay those of its seed. The same base seed gives the same schedules. Immutable.
 */
final case class Windows(
    baseSeed: Long,
    count: Int,
    traders: Int,
    leadMillis: Long,
    windowMillis: Long,
    killExchange: Boolean = false
) {

  /** Where window `i` starts, in milliseconds into the day. */
  def from(i: Int): Long = leadMillis + i * windowMillis

  /** The window whose schedule also kills the exchange, if one does. */
  val exchangeWindow: Option[Int] =
    Option.when(killExchange && count >= 6)(
      count - 1 - new scala.util.Random(baseSeed * 131L + 7L).nextInt(3)
    )

  /** The schedules, window by window. */
  val schedules: Vector[Schedule] =
    Vector.tabulate(count) { i =>
      val s = Schedule.window(baseSeed + i, traders, from(i), windowMillis)
      if (!exchangeWindow.contains(i)) s
      else s.copy(faults =
        (s.faults ++ Schedule.exchangeKill(baseSeed + i, from(i), windowMillis)).sortBy(_.millis)
      )
    }

  /** Every window's faults as one schedule, in time order, named by the base seed. */
  def combined: Schedule = Schedule(baseSeed, schedules.flatMap(_.faults).sortBy(_.millis))

  /** The window an instant `millis` into the day falls in; `None` before the first or after the last. */
  def at(millis: Long): Option[Int] =
    Option.when(millis >= leadMillis && millis < from(count))(((millis - leadMillis) / windowMillis).toInt)

  /** How window `i` reads in a report: its seed and span. */
  def render(i: Int): String =
    s"schedule ${i + 1} of $count (seed ${baseSeed + i}, ${from(i)} to ${from(i + 1)} ms)"
}
