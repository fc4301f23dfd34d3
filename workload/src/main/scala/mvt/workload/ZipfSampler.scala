package mvt.workload

import java.util.SplittableRandom

/**
 * Draws from the Zipf law over `1..n`: `P(k)` proportional to `k^-exponent`. It uses rejection inversion
 * (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates from monotone discrete
 * distributions", 1996): constant time and memory for any `n` up to `Int.MaxValue`, where a table of the
 * cumulative law would need `n` entries. Fewer than about 1.1 draws of `rnd` a sample on average.
 * Uses `StrictMath`, so a seed gives the same draws on every JVM. Stateless; safe to share.
 */
final class ZipfSampler(val n: Int, val exponent: Double) {
  require(n >= 1, "n must be >= 1")
  require(exponent > 0.0 && exponent <= 100.0, "exponent must be in (0, 100]")

  // H(x), the integral of h(x) = x^-s, bounds the law from above; inverting it maps a uniform onto 1..n
  private val hIntegralX1 = hIntegral(1.5) - 1.0
  private val hIntegralN = hIntegral(n + 0.5)
  private val squeeze = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2.0))

  /** One draw, in `1..n`. */
  def sample(rnd: SplittableRandom): Int = {
    var k = 0L
    while (k == 0L) {
      val u = hIntegralN + rnd.nextDouble() * (hIntegralX1 - hIntegralN)
      val x = hIntegralInverse(u)
      val candidate = math.max(1L, math.min(n.toLong, (x + 0.5).toLong))
      // the squeeze accepts most draws without evaluating H again
      if (candidate - x <= squeeze || u >= hIntegral(candidate + 0.5) - h(candidate.toDouble)) k = candidate
    }
    k.toInt
  }

  private def h(x: Double): Double = StrictMath.exp(-exponent * StrictMath.log(x))

  private def hIntegral(x: Double): Double = {
    val logX = StrictMath.log(x)
    helper2((1.0 - exponent) * logX) * logX
  }

  private def hIntegralInverse(x: Double): Double = {
    val t = math.max(-1.0, x * (1.0 - exponent))
    StrictMath.exp(helper1(t) * x)
  }

  // log1p(x)/x and expm1(x)/x, with their series near 0, where exponent 1 would divide by zero
  private def helper1(x: Double): Double =
    if (math.abs(x) > 1e-8) StrictMath.log1p(x) / x else 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))

  private def helper2(x: Double): Double =
    if (math.abs(x) > 1e-8) StrictMath.expm1(x) / x
    else 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x))
}
