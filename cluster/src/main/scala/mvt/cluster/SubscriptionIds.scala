package mvt.cluster

import mvt.trader.orders.StrategyIds

/**
 * Where a subscription's order ids lie, so that they never repeat within a day wherever it runs: the exchange
 * numbers each hand-over of the subscription (its `epoch`, in the [[PositionReport]], from 1), and the desk of
 * epoch `e` sends the strategy's ids shifted to `StrategyIds.First + e * 2^32`. A desk has 2^32 ids, a
 * subscription 2^30 hand-overs a day, all within the strategy range.
 */
object SubscriptionIds {

  /** How many ids one epoch's desk has. */
  inline val PerEpoch = 1L << 32

  /** What the desk of `epoch` adds to the strategy's own ids (which start at `StrategyIds.First`). */
  def base(epoch: Long): Long = epoch * PerEpoch

  /** The epoch whose range holds the wire id `id` (0: the range before any hand-over). */
  def epochOf(id: Long): Long = (id - StrategyIds.First) / PerEpoch
}
