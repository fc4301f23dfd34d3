package mvt.trader
package strategy

import mvt.core.*

/**
 * Follows the mid price: when a symbol's mid has risen by at least `thresholdBps` basis points over its last
 * `lookback` two-sided updates, it bids at the best ask (takes the offer); when it has fallen as far, it offers
 * at the best bid. Both are immediate or cancel: what the top cannot fill expires instead of resting. It acts once per signal: again only after the signal turns flat or reverses. Thread-safe;
 * updates of one symbol that race each other are applied in the order they take the symbol's lock.
 */
final class MomentumStrategy(lookback: Int, thresholdBps: Int, qty: Quantity)
    extends MidSignalStrategy[MidSignalStrategy.Window] {
  require(lookback >= 1 && thresholdBps >= 1, "lookback and threshold must be positive")

  protected def newWindow(): MidSignalStrategy.Window = new MidSignalStrategy.Window(lookback)

  // +1 up, -1 down, 0 flat
  protected def update(w: MidSignalStrategy.Window, now: Long): Int = {
    val slot = (w.seen % lookback).toInt
    val past = w.mids(slot) // the mid lookback updates ago, once the window is full
    val full = w.seen >= lookback
    w.mids(slot) = now
    w.seen += 1
    if (!full) 0
    else if (now > past && MomentumStrategy.atLeast(now - past, 10000L, past, thresholdBps.toLong)) 1
    else if (past > now && MomentumStrategy.atLeast(past - now, 10000L, past, thresholdBps.toLong)) -1
    else 0
  }

  protected def act(e: BboUpdated, signal: Int): Decision =
    if (signal > 0) Decision(e.symbol, Side.Buy, e.askPrice, qty, TimeInForce.Ioc)
    else Decision(e.symbol, Side.Sell, e.bidPrice, qty, TimeInForce.Ioc)
}

object MomentumStrategy {

  /** `a * b >= c * d` for non-negative operands, exact in 128 bits: mids near the price limit overflow a `Long`. */
  private[trader] def atLeast(a: Long, b: Long, c: Long, d: Long): Boolean = {
    val hi1 = Math.multiplyHigh(a, b)
    val hi2 = Math.multiplyHigh(c, d)
    hi1 > hi2 || (hi1 == hi2 && java.lang.Long.compareUnsigned(a * b, c * d) >= 0)
  }
}
