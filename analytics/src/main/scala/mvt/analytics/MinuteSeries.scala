package mvt.analytics

/**
 * One value per minute for one symbol, from `start` on with no missing minute (midpoints after gap
 * filling, or returns). Immutable.
 */
final class MinuteSeries(val symbol: String, val start: Minute, val values: IArray[Double]) {

  def length: Int = values.length

  def isEmpty: Boolean = values.isEmpty

  /** The first minute after the series. */
  def end: Minute = start.plus(values.length.toLong)

  def minuteAt(index: Int): Minute = start.plus(index.toLong)

  /** The part of the series within `[from, until)`, clipped to the series; empty when they do not meet. */
  def slice(from: Minute, until: Minute): MinuteSeries = {
    val first = from.max(start)
    val last = until.min(end)
    if (!(first < last)) new MinuteSeries(symbol, first, IArray.empty[Double])
    else {
      val offset = first.minus(start).toInt
      new MinuteSeries(symbol, first, values.slice(offset, offset + last.minus(first).toInt))
    }
  }

  override def toString: String = s"MinuteSeries($symbol, ${start.iso}, ${values.mkString("[", ", ", "]")})"
}
