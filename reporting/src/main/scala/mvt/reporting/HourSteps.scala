package mvt.reporting

/**
 * A value at closed hours, kept only where it changed: a step function over epoch hours, read by binary search.
 * Hours are added in increasing order.
 */
final class HourSteps[A <: AnyRef] {
  // hours(0 until n) strictly increasing; values(i) holds from hours(i) until hours(i + 1)
  private var hours = new Array[Long](8)
  private var values = new Array[AnyRef](8)
  private var n = 0

  def add(hour: Long, value: A): Unit = {
    if (n > 0 && hours(n - 1) == hour) values(n - 1) = value
    else {
      if (n == hours.length) {
        hours = java.util.Arrays.copyOf(hours, n * 2)
        values = java.util.Arrays.copyOf(values, n * 2)
      }
      hours(n) = hour
      values(n) = value
      n += 1
    }
  }

  /** Whether a value is set at or before `hour`. */
  def startsBy(hour: Long): Boolean = n > 0 && hours(0) <= hour

  /** The value at `hour`: the last step at or before it; null before the first. */
  def at(hour: Long): A = {
    val i = java.util.Arrays.binarySearch(hours, 0, n, hour)
    val j = if (i >= 0) i else -i - 2
    if (j < 0) null.asInstanceOf[A] else values(j).asInstanceOf[A]
  }
}
