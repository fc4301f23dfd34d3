package mvt.analytics

import spire.syntax.cfor.*

/**
 * Primitive arrays with Spire's `cfor`, a macro that expands to the same `while` loop as
 * [[ArrayReturns]]; the benchmark checks that it costs nothing. Allocates only the result array.
 */
object CforReturns extends ReturnsCalculator.OnArrays {
  import ReturnsCalculator.{percentChange, scale, widen}

  def name: String = "cfor"

  def returns(midpoints: IArray[Double], rollup: Int): IArray[Double] = {
    val out = new Array[Double](math.max(0, midpoints.length - rollup))
    cfor(0)(_ < out.length, _ + 1) { i =>
      out(i) = percentChange(midpoints(i + rollup), midpoints(i))
    }
    IArray.unsafeFromArray(out)
  }

  def scaled(series: IArray[Double]): IArray[Double] = {
    var peak = 0.0
    cfor(0)(_ < series.length, _ + 1) { i =>
      peak = widen(peak, series(i))
    }
    if (peak == 0.0) series
    else {
      val out = new Array[Double](series.length)
      cfor(0)(_ < out.length, _ + 1) { i =>
        out(i) = scale(series(i), peak)
      }
      IArray.unsafeFromArray(out)
    }
  }
}
