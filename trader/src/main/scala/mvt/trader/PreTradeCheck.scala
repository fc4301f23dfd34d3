package mvt.trader

import mvt.core.Quantity
import mvt.crdt.{ClientBalances, ClientId}

/** The pre-trade gate before a decision: whether the trader may trade at all on this quote. */
trait PreTradeCheck {
  def allows(q: Quote): Boolean
}

object PreTradeCheck {

  /** Lets everything through. */
  val AllowAll: PreTradeCheck = _ => true

  /**
   * Allows trading while `client` can afford one clip of `clip` units at the quote's reference price, on the
   * local replica of the replicated balances (`balances` gives its current state). Prices are in 1e-8 units and
   * balances in cents, so the cost is rounded up to the next cent; a cost that overflows is refused.
   */
  final class Balance(balances: () => ClientBalances, client: ClientId, clip: Quantity)
      extends PreTradeCheck {
    def allows(q: Quote): Boolean =
      q.referencePriceRaw > 0 && {
        val centsPerUnit = (q.referencePriceRaw + 999999L) / 1000000L
        val hi = Math.multiplyHigh(centsPerUnit, clip.units)
        val cost = centsPerUnit * clip.units
        hi == 0L && cost >= 0L && balances().authorize(client, cost)
      }
  }
}
