package mvt.bench.analytics

import scala.util.Random

/** Seeded synthetic inputs for the analytics benchmarks, so every run measures the same numbers. */
object SyntheticSeries {

  /** A positive midpoint random walk of `points` minutes, with small moves like a liquid FX pair. */
  def midpoints(points: Int, seed: Long): IArray[Double] = {
    val random = new Random(seed)
    IArray.unsafeFromArray(Array.iterate(1.1, points)(m => m * (1.0 + random.nextGaussian() * 2e-4)))
  }

  /** Returns in percent of mixed sign, some of them zero. */
  def returns(points: Int, seed: Long): IArray[Double] = {
    val random = new Random(seed)
    IArray.fill(points)(if (random.nextInt(10) == 0) 0.0 else random.nextGaussian() * 0.02)
  }
}
