package mvt.analytics

import scala.collection.immutable.SortedMap

/** The analyses a command asks for, from per-symbol midpoint series to results. Pure. */
object Analysis {

  /** The `rollup`-minute returns of one midpoint series; they start `rollup` minutes after it. */
  def returns(midpoints: MinuteSeries, rollup: Int, calculator: ReturnsCalculator): MinuteSeries =
    new MinuteSeries(
      midpoints.symbol,
      midpoints.start.plus(rollup.toLong),
      calculator.returnsOf(midpoints.values, rollup)
    )

  /** Every symbol's `rollup`-minute returns, aligned on their common minutes and each scaled into [-1, 1]. */
  def frame(
      midpoints: SortedMap[String, MinuteSeries],
      rollup: Int,
      calculator: ReturnsCalculator
  ): ReturnsFrame =
    ReturnsFrame.align(midpoints.values.map(returns(_, rollup, calculator)).toSeq).scaled(calculator)
}
