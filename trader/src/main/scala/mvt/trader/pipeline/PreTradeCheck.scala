package mvt.trader
package pipeline

import mvt.core.Quantity

/** The pre-trade gate before a decision: whether the trader may trade at all on this quote. */
trait PreTradeCheck {
  def allows(q: Quote): Boolean

  /** The check's name in the outcome of an event it refuses: `refused:<name>`. */
  def name: String = "check"
}

object PreTradeCheck {

  /** Lets everything through. */
  val AllowAll: PreTradeCheck = _ => true

  /**
   * Allows trading while `source` lets the trader spend one clip of `clip` units at the quote's reference price
   * (`mvt trade` asks the local replica of the replicated balances). Prices are in 1e-8 units and balances in
   * cents, so the clip's exact cost is rounded up to the next cent; a cost of nothing, or past `Long`, is refused.
   */
  final class Balance(source: BalanceSource, clip: Quantity) extends PreTradeCheck {
    override def name: String = Balance.Name

    def allows(q: Quote): Boolean =
      q.referencePriceRaw > 0 && {
        val cents = Balance.costCents(q.referencePriceRaw, clip.units)
        cents > 0 && source.canSpend(cents)
      }
  }

  object Balance {

    /** A refusal of the balance check is counted as `refused:balance`. */
    val Name = "balance"

    /** `ceil(priceRaw * qty / 1e6)` exactly (1e6 raw units make a cent), or -1 when it does not fit a `Long`. */
    def costCents(priceRaw: Long, qty: Long): Long = {
      val whole = priceRaw / 1000000L // cents per unit, rounded down
      val fraction = priceRaw % 1000000L // below 1e6, so fraction * qty < 1e15 for any valid quantity
      val hi = Math.multiplyHigh(whole, qty)
      val wholeCost = whole * qty
      val fractionCost = (fraction * qty + 999999L) / 1000000L
      if (hi != 0L || wholeCost < 0L || wholeCost > Long.MaxValue - fractionCost) -1L
      else wholeCost + fractionCost
    }
  }
}
