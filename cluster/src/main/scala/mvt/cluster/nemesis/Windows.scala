package mvt.cluster.nemesis

/**
 * Many short schedules run back to back on one forked cluster: schedule `i` (seed `baseSeed + i`, from
 * [[Schedule.window]]) injects its faults in the window `[leadMillis + i × windowMillis, + windowMillis)` of the
 * day. The cluster carries on from one window to the next (a trader killed in one window joins again a few
 * windows later, and a kill waits until every trader is a member), so a schedule is a window of faults on the
 * state the earlier ones left, not a fresh cluster. With `killExchange`, one window ([[exchangeWindow]]) also kills
 * the exchange and restarts it ([[Schedule.exchangeKill]]); every window's trader faults stay those of its seed. With
 * `leadingCuts`, the first two windows cut a trader from the other traders and a trader from the exchange
 * ([[Schedule.cut]]), while every node is up, before any kill could keep a node down or restarting for the rest of
 * the day. The same base seed gives the same schedules. Immutable.
 */
final case class Windows(
    baseSeed: Long,
    count: Int,
    traders: Int,
    leadMillis: Long,
    windowMillis: Long,
    killExchange: Boolean = false,
    leadingCuts: Boolean = false
) {

  /** Where window `i` starts, in milliseconds into the day. */
  def from(i: Int): Long = leadMillis + i * windowMillis

  // the windows the leading cuts take: the first two, when there are two traders to cut apart
  private val cutWindows = if (leadingCuts && traders > 1) math.min(2, count) else 0

  private val traderSchedules =
    Vector.tabulate(count)(i =>
      if (i < cutWindows) Schedule.cut(baseSeed + i, traders, from(i), windowMillis, fromExchange = i == 1)
      else Schedule.window(baseSeed + i, traders, from(i), windowMillis)
    )
  private def killIn(i: Int) = traderSchedules(i).faults.exists(_.fault.isInstanceOf[Fault.Kill])

  /**
   * The window whose schedule also kills the exchange, if one does: the one before the first window with a trader
   * kill (the first window if that is the first; the middle one without kills), since a killed trader takes seconds
   * to be back and the exchange is killed only with every trader up; never one of the leading cuts' windows.
   */
  val exchangeWindow: Option[Int] =
    Option.when(killExchange && count >= cutWindows + 2)((cutWindows until count).find(killIn).fold(
      (cutWindows + count) / 2
    )(k => math.max(cutWindows, k - 1)))

  /** The schedules, window by window. */
  val schedules: Vector[Schedule] =
    Vector.tabulate(count) { i =>
      val s = traderSchedules(i)
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
