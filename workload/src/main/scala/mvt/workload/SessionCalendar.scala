package mvt.workload

import mvt.core.Timestamp

import java.time.{DayOfWeek, LocalDate, LocalTime, ZoneId}

/**
 * The trading calendar of generated days: every weekday is a session from 09:30 to 16:00 New York time. The
 * instants are UTC, so the offset follows the date: 14:30-21:00Z in winter (EST, UTC-5) and 13:30-20:00Z in
 * summer (EDT, UTC-4), switching on the dates the time-zone rules say (in 2026: 8 March and 1 November).
 * Exchange holidays are not modelled: every Monday to Friday trades.
 */
object SessionCalendar {

  /** The exchange's time zone; its rules, not a fixed offset, decide each date's UTC offset. */
  val Zone: ZoneId = ZoneId.of("America/New_York")

  /** The opening bell, New York time. */
  val Open: LocalTime = LocalTime.of(9, 30)

  /** The closing bell, New York time. */
  val Close: LocalTime = LocalTime.of(16, 0)

  /** One trading day: its date and its open and close instants; commands happen in `[open, close)`. */
  final case class Session(date: LocalDate, open: Timestamp, close: Timestamp) {

    /** The session's length in nanoseconds (6.5 hours: neither bell is near a DST switch, made at 02:00). */
    def lengthNanos: Long = close.epochNanos - open.epochNanos

    /** True when `t` falls in `[open, close)`. */
    def contains(t: Timestamp): Boolean = t.epochNanos >= open.epochNanos && t.epochNanos < close.epochNanos
  }

  /** True from Monday to Friday. */
  def isTradingDay(date: LocalDate): Boolean =
    date.getDayOfWeek != DayOfWeek.SATURDAY && date.getDayOfWeek != DayOfWeek.SUNDAY

  /** The first `count` trading days on or after `start`, in order (a weekend start begins on the Monday). */
  def tradingDays(start: LocalDate, count: Int): Vector[LocalDate] = {
    require(count >= 0, "count must be >= 0")
    Iterator.iterate(start)(_.plusDays(1)).filter(isTradingDay).take(count).toVector
  }

  /** The session of `date`, which must be a trading day. */
  def session(date: LocalDate): Session = {
    require(isTradingDay(date), s"$date is not a trading day")
    Session(date, instant(date, Open), instant(date, Close))
  }

  private def instant(date: LocalDate, time: LocalTime): Timestamp = {
    val i = date.atTime(time).atZone(Zone).toInstant
    Timestamp.fromEpochNanos(Math.addExact(
      Math.multiplyExact(i.getEpochSecond, 1000000000L),
      i.getNano.toLong
    ))
  }
}
