package mvt.core

import java.time.{DateTimeException, LocalDate}
import java.time.format.DateTimeFormatter

/**
 * An instant of the session clock: nanoseconds since 1970-01-01T00:00:00Z, from 0 to `Long.MaxValue`
 * (2262-04-11T23:47:16.854775807Z). A `Long` at runtime.
 */
opaque type Timestamp = Long

object Timestamp {

  /** The clock before the first `time` line. */
  val Epoch: Timestamp = 0L

  /** Returned by the byte parser for text that is not a valid instant. */
  inline val Malformed = -1L

  inline def fromEpochNanos(nanos: Long): Timestamp = nanos

  private val NanosPerSecond = 1000000000L
  private val NanosPerDay = 86400L * NanosPerSecond

  /** The shape the spec asks for, for messages. */
  val Form =
    "an instant YYYY-MM-DDTHH:MM:SS[.F]Z in UTC (F: 1 to 9 digits) from 1970 to 2262-04-11T23:47:16.854775807Z"

  def parse(text: String): Option[Timestamp] = {
    val bytes = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)
    val v = parse(bytes, 0, bytes.length)
    if (v == Malformed) None else Some(v)
  }

  /** `YYYY-MM-DDTHH:MM:SS[.F]Z` to epoch nanoseconds, or `Malformed`: a real date and time in range. */
  def parse(b: Array[Byte], from: Int, to: Int): Long = {
    val n = to - from
    if (n < 20 || n == 21 || n > 30) return Malformed
    def digits(at: Int, count: Int): Int = {
      var v = 0
      var i = 0
      while (i < count) {
        val c = b(from + at + i)
        if (!DecimalText.isDigit(c)) return -1
        v = v * 10 + (c - '0')
        i += 1
      }
      v
    }
    def is(at: Int, c: Char) = b(from + at) == c
    if (!is(4, '-') || !is(7, '-') || !is(10, 'T') || !is(13, ':') || !is(16, ':') || b(to - 1) != 'Z')
      return Malformed
    val year = digits(0, 4)
    val month = digits(5, 2)
    val day = digits(8, 2)
    val hour = digits(11, 2)
    val minute = digits(14, 2)
    val second = digits(17, 2)
    if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59)
      return Malformed
    if (second < 0 || second > 59) return Malformed
    var fraction = 0L
    if (n > 20) {
      // "SS.F...FZ": a point, then 1 to 9 digits, then the Z
      if (!is(19, '.')) return Malformed
      val count = n - 21
      if (count < 1 || count > 9) return Malformed
      val f = digits(20, count)
      if (f < 0) return Malformed
      fraction = f.toLong
      var pad = 9 - count
      while (pad > 0) { fraction *= 10; pad -= 1 }
    }
    val epochDay =
      try LocalDate.of(year, month, day).toEpochDay
      catch { case _: DateTimeException => return Malformed }
    if (epochDay < 0 || epochDay > Long.MaxValue / NanosPerDay) return Malformed
    val inDay = ((hour * 60L + minute) * 60L + second) * NanosPerSecond + fraction
    val dayStart = epochDay * NanosPerDay
    if (dayStart > Long.MaxValue - inDay) Malformed else dayStart + inDay
  }

  extension (t: Timestamp) {
    inline def epochNanos: Long = t

    /** The canonical ISO-8601 form: fraction digits in groups of three, as few as hold the value. */
    def render: String = DateTimeFormatter.ISO_INSTANT.format(toInstant)

    def toInstant: java.time.Instant =
      java.time.Instant.ofEpochSecond(Math.floorDiv(t, NanosPerSecond), Math.floorMod(t, NanosPerSecond))
  }

  given Ordering[Timestamp] = Ordering.Long
}
