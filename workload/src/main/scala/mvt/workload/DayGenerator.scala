package mvt.workload

import mvt.core.*

import java.util.SplittableRandom

/**
 * Generates a `DayPlan` one trading day at a time, deterministic for the plan's seed. Each day is a command
 * stream of its own (books start empty each morning: every order is a day order) that a `TradingDay` replays
 * from scratch:
 *
 *   - its commands follow the profile (or the Markov chain) exactly as a single stream does, one step per
 *     command;
 *   - each command arrives at an instant of a Poisson process with the plan's U-shaped intensity, at
 *     microsecond resolution, strictly inside `[open, close)`; a `time` line precedes it only when the clock
 *     changes, so the clock never goes back and commands in the same microsecond share one line;
 *   - each add gets an account from the plan's `AccountMix`;
 *   - the symbols open where they closed the day before, moved by a seeded overnight gap of up to
 *     `gapTicks` ticks either way, and never below ten ticks; order prices are floored at one tick, so
 *     every price stays valid however far a mid wanders over many days;
 *   - order ids continue from one day to the next, so they are unique across the run.
 *
 * An iterator, so a long run holds one day at a time. Not thread-safe.
 */
final class DayGenerator(plan: DayPlan) extends Iterator[DayGenerator.Day] {
  import DayGenerator.Day

  private val profile = plan.flowProfile
  private val dates = plan.dates
  private val tick = profile.tickUnits
  // one stream of seeds: each day's flow, arrivals and gap get their own, so changing one does not shift others;
  // the start date is mixed in, so two weeks generated with one seed are not the same week under other dates
  private val seeds = new SplittableRandom(plan.seed ^ (plan.start.toEpochDay * 0x9e3779b97f4a7c15L))
  private val draw = plan.accounts.draw(seeds.nextLong())
  private var index = 0
  private var nextId = 1L
  private var closeMids: Array[Long] = null

  /** Who placed the adds of the days generated so far. */
  def activity: AccountActivity = draw.activity

  def hasNext: Boolean = index < dates.size

  def next(): Day = {
    if (!hasNext) throw new NoSuchElementException("no more days")
    val session = SessionCalendar.session(dates(index))
    val flowSeed = seeds.nextLong()
    val arrivalSeed = seeds.nextLong()
    val gapSeed = seeds.nextLong()
    val n = plan.commandsPerDay
    val flow = new OrderFlow(profile, flowSeed, 2 * n, draw, nextId, minPrice = tick)
    if (closeMids != null) flow.startFrom(overnight(closeMids, new SplittableRandom(gapSeed)))
    val openMids = flow.mids
    val times =
      plan.shape.arrivals(session, n, IntradayShape.MicrosecondNanos, new SplittableRandom(arrivalSeed))
    val step = plan.markov.fold[FlowStep](new ProfileGenerator.Step(profile))(new MarkovGenerator.Step(_))
    var clock = Long.MinValue
    var i = 0
    while (i < n) {
      if (times(i) != clock) {
        clock = times(i)
        flow.builder.time(clock)
      }
      step.run(flow)
      i += 1
    }
    closeMids = flow.mids
    nextId = flow.nextOrderId
    index += 1
    Day(
      session,
      flow.builder.result(),
      flow.mix().copy(commands = n.toLong), // orders and cancels: the time lines are not counted
      openMids.toVector.map(Price.fromRaw),
      closeMids.toVector.map(Price.fromRaw),
      Timestamp.fromEpochNanos(times(0)),
      Timestamp.fromEpochNanos(times(n - 1))
    )
  }

  // each symbol moves by -gap..gap ticks overnight, uniformly, and stays at ten ticks or more
  private def overnight(close: Array[Long], rnd: SplittableRandom): Array[Long] =
    close.map(m => math.max(10 * tick, m + (rnd.nextInt(2 * plan.gapTicks + 1) - plan.gapTicks) * tick))
}

object DayGenerator {

  /**
   * One generated trading day: its session, its commands (with `time` lines and accounts), what they did when
   * matched (the `time` lines are not counted as commands), the symbols' reference mids at the open and at the
   * close, and the first and last instants of its clock.
   */
  final case class Day(
      session: SessionCalendar.Session,
      batch: CommandBatch,
      mix: CommandMix,
      openMids: Vector[Price],
      closeMids: Vector[Price],
      first: Timestamp,
      last: Timestamp
  ) {
    def date: java.time.LocalDate = session.date

    /** One line of the summary table (see `DayGenerator.header`). */
    def render: String =
      f"$date  ${mix.commands}%,11d  ${mix.adds}%,11d  ${mix.executions}%,11d  ${first.render}%-27s  ${last.render}"
  }

  /** The header of the summary table whose lines are `Day.render`. */
  val header: String =
    f"${"date"}%-10s  ${"commands"}%11s  ${"adds"}%11s  ${"executions"}%11s  ${"first"}%-27s  last"
}
