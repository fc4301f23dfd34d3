package mvt.analytics

/**
 * Lagged returns and max-abs scaling over one representation of a series of doubles. Every
 * implementation computes bit-identical results; they differ only in speed, which the benchmarks
 * measure. Stateless and safe to call from any thread.
 */
trait ReturnsCalculator {

  /** How this implementation holds a series. */
  type Series

  /** A short name for reports and benchmarks. */
  def name: String

  def fromIArray(values: IArray[Double]): Series

  def toIArray(series: Series): IArray[Double]

  /**
   * The `rollup`-minute returns in percent, `(m(t) - m(t-k)) / m(t-k) * 100`, one for each minute
   * from the `rollup`-th on; empty when there are no more than `rollup` midpoints.
   */
  def returns(midpoints: Series, rollup: Int): Series

  /** Each value divided by the largest absolute value, so all lie in [-1, 1] with signs kept; all zero stays. */
  def scaled(series: Series): Series

  /** [[returns]] from and to immutable arrays. */
  final def returnsOf(midpoints: IArray[Double], rollup: Int): IArray[Double] = {
    require(rollup >= 1, s"rollup must be at least 1 minute, got $rollup")
    toIArray(returns(fromIArray(midpoints), rollup))
  }

  /** [[scaled]] from and to immutable arrays. */
  final def scaledOf(values: IArray[Double]): IArray[Double] = toIArray(scaled(fromIArray(values)))
}

object ReturnsCalculator {

  /** Every implementation, the baseline first. */
  val all: List[ReturnsCalculator] =
    List(baseline.ListReturns, baseline.VectorReturns, ArrayReturns, CforReturns)

  /** The one we use outside benchmarks. */
  val fastest: ReturnsCalculator = CforReturns

  /** An implementation that works on the immutable arrays themselves, so loading and unloading are free. */
  abstract class OnArrays extends ReturnsCalculator {
    type Series = IArray[Double]
    final def fromIArray(values: IArray[Double]): IArray[Double] = values
    final def toIArray(series: IArray[Double]): IArray[Double] = series
  }

  /** The largest absolute value, or 0 for an empty series; for the boxed collections. */
  def peakOf(values: IterableOnce[Double]): Double = values.iterator.foldLeft(0.0)(widen)

  // The shared formulas keep the implementations bit-identical: same operations in the same order.

  /** The return from `previous` to `now`, in percent. */
  inline def percentChange(now: Double, previous: Double): Double = (now - previous) / previous * 100

  /**
   * `value` scaled by `peak`, the largest absolute value of its series (positive). Division rather
   * than multiplying by `1 / peak` keeps the peak at exactly 1 and nothing beyond it.
   */
  inline def scale(value: Double, peak: Double): Double = value / peak

  /**
   * The larger of `peak` and `|value|`. A plain compare rather than `math.max`, which spends extra steps
   * on every element ordering NaN and -0; neither can reach it (finite input, and `abs` drops the sign).
   */
  inline def widen(peak: Double, value: Double): Double = {
    val magnitude = math.abs(value)
    if (magnitude > peak) magnitude else peak
  }
}
