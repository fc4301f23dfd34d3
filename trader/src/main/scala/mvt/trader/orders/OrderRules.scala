package mvt.trader
package orders

import mvt.core.Account

/**
 * How a strategy's decisions become orders: under `account`, reaching the engine `latencyNanos` of session clock
 * after the quote change that caused them, never letting the position in any symbol pass `maxPosition` units
 * either way, even if every open order filled. With `amendInPlace` a post-only quote moves by `modify` (keeping
 * its id); without it (a venue that does not apply modify) by cancel and add. Immutable.
 */
final case class OrderRules(
    account: Account,
    latencyNanos: Long,
    maxPosition: Long,
    amendInPlace: Boolean = true
) {
  require(!account.isHouse, "a strategy trades under a client account, not the house's")
  require(latencyNanos >= 0L, "latency must not be negative")
  require(maxPosition >= 1L && maxPosition <= mvt.core.Quantity.Max, "the position limit is 1 to 1e9 units")
}
