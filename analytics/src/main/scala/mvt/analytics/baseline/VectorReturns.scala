package mvt.analytics.baseline

import mvt.analytics.*

/** Idiomatic immutable collections: a `Vector` with `lazyZip` and `map`. Linear, but boxes every value. */
object VectorReturns extends ReturnsCalculator {
  import ReturnsCalculator.{peakOf, percentChange, scale}

  type Series = Vector[Double]

  def name: String = "vector"

  def fromIArray(values: IArray[Double]): Vector[Double] = values.toVector

  def toIArray(series: Vector[Double]): IArray[Double] = IArray.from(series)

  def returns(midpoints: Vector[Double], rollup: Int): Vector[Double] =
    midpoints.drop(rollup).lazyZip(midpoints).map((now, previous) => percentChange(now, previous))

  def scaled(series: Vector[Double]): Vector[Double] = {
    val peak = peakOf(series)
    if (peak == 0.0) series else series.map(x => scale(x, peak))
  }
}
