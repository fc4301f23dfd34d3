package mvt.analytics.baseline

import mvt.analytics.*

/**
 * The historical baseline: a `List` read by index, as the old tool did, so every `apply` walks from
 * the head and the returns cost O(n²). Correct, boxed and slow on purpose.
 */
object ListReturns extends ReturnsCalculator {
  import ReturnsCalculator.{peakOf, percentChange, scale}

  type Series = List[Double]

  def name: String = "list"

  def fromIArray(values: IArray[Double]): List[Double] = values.toList

  def toIArray(series: List[Double]): IArray[Double] = IArray.from(series)

  def returns(midpoints: List[Double], rollup: Int): List[Double] =
    (rollup until midpoints.length).toList.map(t => percentChange(midpoints(t), midpoints(t - rollup)))

  def scaled(series: List[Double]): List[Double] = {
    val peak = peakOf(series)
    if (peak == 0.0) series else series.map(x => scale(x, peak))
  }
}
