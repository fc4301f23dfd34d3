package mvt.trader
package strategy

import mvt.core.*

/**
 * A strategy for benchmarks that costs `costNanos` of CPU per decision: it computes a xorshift chain until that
 * much time has passed (it never sleeps or parks), then joins the best bid of a two-sided book. Zero cost returns
 * at once, for measuring the pipeline alone. Stateless and thread-safe.
 */
final class SyntheticStrategy(val costNanos: Long) extends TradingStrategy {
  require(costNanos >= 0, "cost must not be negative")

  def decide(e: BboUpdated): Option[Decision] = {
    val x = SyntheticStrategy.burn(costNanos, e.bidPrice.raw | 1L)
    // the chain's value feeds the result so the JIT cannot drop the work; xorshift of a non-zero seed is never 0
    if (x == 0L || !e.isTwoSided) None else Some(Decision(e.symbol, Side.Buy, e.bidPrice, Quantity(1)))
  }
}

object SyntheticStrategy {

  /** Runs a xorshift chain from `seed` for at least `nanos` of wall time on this thread; returns its last value. */
  def burn(nanos: Long, seed: Long): Long = {
    var x = seed
    if (nanos > 0) {
      val until = System.nanoTime() + nanos
      while (System.nanoTime() - until < 0) {
        var i = 0
        while (i < 64) {
          x ^= x << 13; x ^= x >>> 7; x ^= x << 17
          i += 1
        }
      }
    }
    x
  }
}
