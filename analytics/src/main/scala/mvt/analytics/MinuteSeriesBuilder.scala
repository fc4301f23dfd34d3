package mvt.analytics

import scala.collection.mutable.ArrayBuilder

/**
 * Builds a [[MinuteSeries]] from known minutes given in increasing order, filling each missing minute
 * by linear interpolation between its two known neighbours. Mutable; one thread at a time.
 */
final class MinuteSeriesBuilder(symbol: String) {

  private val values = new ArrayBuilder.ofDouble
  private var first: Long = 0L // meaningful only when size > 0
  private var last: Long = 0L // the last known minute; meaningful only when size > 0
  private var lastValue: Double = 0.0
  private var size: Int = 0

  /** Appends the known value of `minute`, which must come after every minute added so far. */
  def add(minute: Minute, value: Double): Unit = {
    val m = minute.epochMinute
    if (size == 0) first = m
    else {
      require(m > last, s"minute ${minute.iso} does not come after ${Minute.ofEpochMinute(last).iso}")
      val steps = m - last
      val rise = value - lastValue
      // Real fractions: the old tool divided integers here and so copied the previous point.
      var j = 1L
      while (j < steps) {
        values += lastValue + rise * (j.toDouble / steps.toDouble)
        j += 1
      }
      size += (steps - 1).toInt
    }
    values += value
    size += 1
    last = m
    lastValue = value
  }

  def result(): MinuteSeries =
    new MinuteSeries(symbol, Minute.ofEpochMinute(first), IArray.unsafeFromArray(values.result()))
}

object MinuteSeriesBuilder {

  /** The dense series through the known points `(minute, value)`, which must be in increasing minute order. */
  def interpolate(symbol: String, known: Seq[(Minute, Double)]): MinuteSeries = {
    val builder = new MinuteSeriesBuilder(symbol)
    known.foreach((minute, value) => builder.add(minute, value))
    builder.result()
  }
}
