package mvt.analytics

import org.scalacheck.Gen

/** ScalaCheck generators for midpoint and return series: flat runs, falls and rises, and zeros. */
object SeriesGen {

  /** A positive price walk with repeats (zero returns), falls and rises. */
  val midpoints: Gen[IArray[Double]] =
    for {
      n <- Gen.frequency(1 -> Gen.choose(0, 3), 6 -> Gen.choose(4, 200))
      start <- Gen.choose(0.01, 10000.0)
      moves <- Gen.listOfN(
        n,
        Gen.frequency(2 -> Gen.const(1.0), 5 -> Gen.choose(0.9, 1.1), 1 -> Gen.choose(0.2, 5.0))
      )
    } yield IArray.from(moves.scanLeft(start)(_ * _).tail)

  /** Returns in any mix: all negative, all positive, all zero, or mixed signs with zeros. */
  val returns: Gen[IArray[Double]] = {
    val value = Gen.frequency(3 -> Gen.choose(-50.0, 50.0), 1 -> Gen.const(0.0), 1 -> Gen.choose(-1e-9, 1e-9))
    Gen.oneOf(
      Gen.listOf(value),
      Gen.listOf(value.map(x => -math.abs(x) - 1e-6)),
      Gen.listOf(value.map(x => math.abs(x) + 1e-6)),
      Gen.listOf(Gen.const(0.0))
    ).map(IArray.from)
  }

  /** Known points in increasing minute order with gaps of up to `maxGap` missing minutes. */
  def knownPoints(maxGap: Int): Gen[List[(Minute, Double)]] =
    for {
      n <- Gen.choose(1, 40)
      first <- Gen.choose(0L, 30000000L)
      steps <- Gen.listOfN(n - 1, Gen.frequency(3 -> Gen.const(1L), 2 -> Gen.choose(2L, maxGap.toLong + 1)))
      values <- Gen.listOfN(n, Gen.choose(0.5, 500.0))
    } yield steps.scanLeft(first)(_ + _).map(Minute.ofEpochMinute).zip(values)

  val rollup: Gen[Int] = Gen.frequency(3 -> Gen.choose(1, 5), 2 -> Gen.choose(6, 250))
}
