package mvt.analytics

import java.time.{Instant, LocalDateTime, ZoneOffset}
import java.time.format.DateTimeFormatter

/** A UTC minute, counted from the Unix epoch; an opaque `Long`, so it costs nothing at runtime. */
opaque type Minute = Long

object Minute {

  private val isoMinute = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm'Z'")

  def ofEpochMinute(minutes: Long): Minute = minutes

  /** The minute that holds this second; floors, so seconds before the epoch land in the right minute. */
  def ofEpochSecond(seconds: Long): Minute = Math.floorDiv(seconds, 60L)

  def of(instant: Instant): Minute = ofEpochSecond(instant.getEpochSecond)

  given Ordering[Minute] = Ordering.Long

  extension (m: Minute) {
    def epochMinute: Long = m
    def plus(minutes: Long): Minute = m + minutes
    def minus(other: Minute): Long = m - other
    def <(other: Minute): Boolean = m < other
    def max(other: Minute): Minute = math.max(m, other)
    def min(other: Minute): Minute = math.min(m, other)

    /** ISO-8601 with minute precision, for example `2016-01-29T07:48Z`. */
    def iso: String = LocalDateTime.ofEpochSecond(m * 60L, 0, ZoneOffset.UTC).format(isoMinute)
  }
}
