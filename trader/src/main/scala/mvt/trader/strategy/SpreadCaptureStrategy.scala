package mvt.trader
package strategy

import mvt.core.*

import java.util.concurrent.ConcurrentHashMap

/**
 * A market maker that quotes one tick inside the spread when the spread is at least `minSpreadTicks` ticks: a
 * bid one tick above the best bid while the bid queue is at least as large as the ask queue (buyers press), an
 * offer one tick below the best ask otherwise. It re-quotes only when that quote differs from its last one for
 * the symbol. Its quotes are post-only: one that would cross by the time it arrives is refused, never filled as a
 * taker. Thread-safe.
 */
final class SpreadCaptureStrategy(tickRaw: Long, minSpreadTicks: Int, qty: Quantity) extends TradingStrategy {
  require(tickRaw > 0 && minSpreadTicks >= 2, "the spread must leave room for a quote one tick inside")

  // symbol -> last quote, encoded as price * 2 + side code, so no tuple is kept per symbol
  private val lastQuote = new ConcurrentHashMap[String, java.lang.Long]()

  def decide(e: BboUpdated): Option[Decision] =
    if (!e.isTwoSided || e.spreadRaw < tickRaw * minSpreadTicks) None
    else {
      val side = if (e.bidQty.units >= e.askQty.units) Side.Buy else Side.Sell
      val price = if (side.isBuy) e.bidPrice.raw + tickRaw else e.askPrice.raw - tickRaw
      val key = java.lang.Long.valueOf(price * 2 + side.code)
      val previous = lastQuote.put(e.symbol.name, key)
      if (key.equals(previous)) None
      else Some(Decision(e.symbol, side, Price.fromRaw(price), qty, TimeInForce.Post))
    }
}
