package mvt.reporting

/**
 * Values that hold from the whole hour they were recorded at until the next one recorded: hours ascending,
 * each with `width` Longs, in primitive arrays. Appending allocates only when the arrays double. Not
 * thread-safe.
 */
final class HourSeries(width: Int) {
  private var hours = new Array[Long](2)
  private var values = new Array[Long](2 * width)
  private var count = 0

  /** How many hours are recorded. */
  def size: Int = count

  /** The first hour recorded, or Long.MaxValue before any. */
  def firstHour: Long = if (count == 0) Long.MaxValue else hours(0)

  /** The last value `k` recorded (there must be one). */
  def last(k: Int): Long = values((count - 1) * width + k)

  /** Records values `a`, `b` and `c` (as many as the width takes) at `hour`, later than every hour before. */
  def add(hour: Long, a: Long, b: Long, c: Long): Int = {
    if (count == hours.length) {
      hours = java.util.Arrays.copyOf(hours, count * 2)
      values = java.util.Arrays.copyOf(values, count * 2 * width)
    }
    hours(count) = hour
    val at = count * width
    values(at) = a
    if (width > 1) values(at + 1) = b
    if (width > 2) values(at + 2) = c
    count += 1
    count - 1
  }

  /** The entry in force at `hour`: the last one recorded at or before it, or -1 before the first. */
  def indexAt(hour: Long): Int = {
    var lo = 0
    var hi = count - 1
    var found = -1
    while (lo <= hi) {
      val mid = (lo + hi) >>> 1
      if (hours(mid) <= hour) { found = mid; lo = mid + 1 }
      else hi = mid - 1
    }
    found
  }

  /** Value `k` of entry `i`. */
  def value(i: Int, k: Int): Long = values(i * width + k)
}
