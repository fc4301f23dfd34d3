package mvt.trader
package strategy

import mvt.core.*

/**
 * Bets that the mid returns to its rolling mean: over a symbol's last `window` two-sided quotes, when the mid is at
 * least `thresholdBps` basis points above their mean it offers at the best bid (sells now), when it is as far below
 * it bids at the best ask. Like momentum it acts once per signal: again only after the signal turns flat or
 * reverses. The mean is kept as an exact sum of twice the mids; the comparison is exact in 128 bits. Thread-safe;
 * updates of one symbol are applied in the order they take the symbol's lock.
 */
final class MeanReversionStrategy(window: Int, thresholdBps: Int, qty: Quantity)
    extends MidSignalStrategy[MeanReversionStrategy.Sums] {
  require(window >= 2 && window <= 1000000, "the window is 2 to 1,000,000 quotes")
  require(thresholdBps >= 1, "the threshold must be positive")

  // below this, window * mid * max(10000, threshold) fits a Long and the test is done in Longs
  private val smallMid = Long.MaxValue / window / math.max(10000L, thresholdBps.toLong)

  protected def newWindow(): MeanReversionStrategy.Sums = new MeanReversionStrategy.Sums(window)

  // -1 below the mean (buy), 0 flat, +1 above it (sell)
  protected def update(w: MeanReversionStrategy.Sums, now: Long): Int = {
    val slot = (w.seen % window).toInt
    if (w.seen >= window) {
      w.sum -= w.mids(slot)
      if (w.mids(slot) >= smallMid) w.large -= 1
    }
    w.sum += now
    if (now >= smallMid) w.large += 1
    w.mids(slot) = now
    w.seen += 1
    if (w.seen < window) 0
    else if (w.large == 0) MeanReversionStrategy.signal(now, w.sum, window, thresholdBps)
    else MeanReversionStrategy.signalBig(now, w.mids, thresholdBps)
  }

  protected def act(e: BboUpdated, signal: Int): Decision =
    if (signal > 0) Decision(e.symbol, Side.Sell, e.bidPrice, qty)
    else Decision(e.symbol, Side.Buy, e.askPrice, qty)
}

object MeanReversionStrategy {

  /** A window that also keeps the sum of its mids, exact while `large` (mids at or above the small bound) is 0. */
  final class Sums(window: Int) extends MidSignalStrategy.Window(window) {
    var sum = 0L
    var large = 0
  }

  /**
   * +1 when `mid` is at least `bps` basis points above the mean `sum / n`, -1 when as far below, else 0; exact:
   * `|n * mid - sum| * 10000 >= sum * bps`. The caller guarantees that no product overflows.
   */
  private[trader] def signal(mid: Long, sum: Long, n: Int, bps: Int): Int = {
    val diff = n.toLong * mid - sum
    if (math.abs(diff) * 10000L < sum * bps) 0 else if (diff > 0) 1 else if (diff < 0) -1 else 0
  }

  // the same test in BigInteger for mids too large for Longs (prices near the limit): allocates, and is rare
  private[trader] def signalBig(mid: Long, mids: Array[Long], bps: Int): Int = {
    var sum = java.math.BigInteger.ZERO
    mids.foreach(m => sum = sum.add(java.math.BigInteger.valueOf(m)))
    val diff =
      java.math.BigInteger.valueOf(mids.length.toLong).multiply(java.math.BigInteger.valueOf(mid)).subtract(
        sum
      )
    val lhs = diff.abs.multiply(java.math.BigInteger.valueOf(10000L))
    if (lhs.compareTo(sum.multiply(java.math.BigInteger.valueOf(bps.toLong))) < 0) 0 else diff.signum
  }
}
