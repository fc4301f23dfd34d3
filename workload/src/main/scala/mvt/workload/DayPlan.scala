package mvt.workload

import java.time.LocalDate

/**
 * What a multi-day run generates: `days` trading days from `start` (weekdays; a weekend start begins on the
 * Monday), each with `commandsPerDay` commands of `profile` (or of the Markov chain of `markov`, priced by the
 * profile), placed by `accounts`, arriving with the intraday `shape`, and opening `gapTicks` ticks at most
 * either way from where the day before closed.
 */
final case class DayPlan(
    start: LocalDate,
    days: Int,
    commandsPerDay: Int,
    profile: WorkloadProfile,
    accounts: AccountMix,
    seed: Long,
    markov: Option[MarkovGenerator.Weights] = None,
    shape: IntradayShape = IntradayShape.default,
    gapTicks: Int = DayPlan.DefaultGapTicks
) {
  require(days >= 1, "days must be >= 1")
  require(commandsPerDay >= 1, "commandsPerDay must be >= 1")
  require(gapTicks >= 0, "gapTicks must be >= 0")
  // the last close must fit the clock (epoch nanoseconds in a Long, to 2262); weekdays are 5 of every 7 days
  require(
    !start.isBefore(LocalDate.of(1970, 1, 1)) && start.plusDays(days.toLong * 7 / 5 + 7).getYear <= 2261,
    "the days must fall between 1970 and 2261"
  )

  /** The trading days, in order. */
  def dates: Vector[LocalDate] = SessionCalendar.tradingDays(start, days)

  /** The profile the orders are priced with (the chain's own for `markov`). */
  def flowProfile: WorkloadProfile = markov.fold(profile)(_ => MarkovGenerator.flowProfile(profile))

  /** The plan in a few lines: the profile, the calendar, the arrivals, the accounts and the gap. */
  def render: String = {
    val p = flowProfile
    Vector(
      s"profile ${p.name}: ${p.describe}",
      f"$days%,d weekdays from $start, $commandsPerDay%,d commands a day, " +
        s"${SessionCalendar.Open}-${SessionCalendar.Close} ${SessionCalendar.Zone}",
      f"arrivals: Poisson, U-shaped (the bells ${shape.openRatio}%.1fx as busy as midday), microsecond clock",
      accounts.render,
      s"overnight gap: up to $gapTicks ticks either way, per symbol"
    ).mkString("\n")
  }
}

object DayPlan {

  /** A few ticks: a quiet night. */
  val DefaultGapTicks: Int = 5
}
