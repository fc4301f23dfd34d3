package mvt.analytics

/**
 * Primitive arrays and `while` loops: no boxing, and the only allocation is the result array.
 */
object ArrayReturns extends ReturnsCalculator.OnArrays {
  import ReturnsCalculator.{percentChange, scale, widen}

  def name: String = "array"

  def returns(midpoints: IArray[Double], rollup: Int): IArray[Double] = {
    val out = new Array[Double](math.max(0, midpoints.length - rollup))
    var i = 0
    while (i < out.length) {
      out(i) = percentChange(midpoints(i + rollup), midpoints(i))
      i += 1
    }
    IArray.unsafeFromArray(out)
  }

  def scaled(series: IArray[Double]): IArray[Double] = {
    var peak = 0.0
    var i = 0
    while (i < series.length) {
      peak = widen(peak, series(i))
      i += 1
    }
    if (peak == 0.0) series
    else {
      val out = new Array[Double](series.length)
      var j = 0
      while (j < out.length) {
        out(j) = scale(series(j), peak)
        j += 1
      }
      IArray.unsafeFromArray(out)
    }
  }
}
