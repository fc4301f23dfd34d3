package mvt.cluster

import mvt.trader.Decision

/**
 * The one place where a trader's decision becomes an order message. The shared decisions-become-orders mechanism
 * of `mvt.trader.orders` (order ids disjoint from the book's, latency, cancels) is built on another branch; when
 * the branches meet, this function is the one to switch to it.
 */
object Orders {

  /** The order for `decision`, made by `node` as its `seq`-th order for `sub`, whose check debited `costCents`. */
  def fromDecision(
      node: String,
      seq: Long,
      sub: Subscription,
      decision: Decision,
      costCents: Long
  ): OrderMessage =
    OrderMessage(
      node,
      seq,
      sub.account,
      sub.strategy,
      decision.symbol.name,
      decision.side.isBuy,
      decision.price.raw,
      decision.qty.units,
      costCents
    )
}
