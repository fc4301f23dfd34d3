package mvt.trader

import mvt.core.*

/**
 * The top of one symbol's book after a command changed it. An empty side has price `BboUpdated.NoPrice` and
 * quantity zero; `hasBid`/`hasAsk` say so without comparing sentinels.
 */
final case class BboUpdated(
    symbol: Symbol,
    bidPrice: Price,
    bidQty: Quantity,
    askPrice: Price,
    askQty: Quantity
) {
  def hasBid: Boolean = bidQty.units > 0
  def hasAsk: Boolean = askQty.units > 0

  /** Both sides present: the mid and spread are defined. */
  def isTwoSided: Boolean = hasBid && hasAsk

  /** Ask minus bid in raw price units; only meaningful when two-sided. */
  def spreadRaw: Long = askPrice.raw - bidPrice.raw

  /** Twice the mid in raw units (exact, no rounding); only meaningful when two-sided. */
  def midTimesTwoRaw: Long = askPrice.raw + bidPrice.raw

  /** `bbo,SYMBOL,bidPrice,bidQty,askPrice,askQty`, with `-` for each field of an empty side. */
  def render: String = {
    def side(has: Boolean, p: Price, q: Quantity) = if (has) s"${p.render},${q.units}" else "-,-"
    s"bbo,${symbol.name},${side(hasBid, bidPrice, bidQty)},${side(hasAsk, askPrice, askQty)}"
  }
}

object BboUpdated {

  /** The price of an empty side: zero, which is never a valid price. */
  val NoPrice: Price = Price.fromRaw(0L)

  /** Builds an update from the tracker's primitive form, where 0 means an empty side. */
  def fromRaw(symbol: Symbol, bidPrice: Long, bidQty: Long, askPrice: Long, askQty: Long): BboUpdated =
    BboUpdated(symbol, Price.fromRaw(bidPrice), Quantity(bidQty), Price.fromRaw(askPrice), Quantity(askQty))
}
