package mvt.workload

import mvt.core.*

import java.util.SplittableRandom

/**
 * A seeded random trading session: symbols of Zipf-like popularity, each with a mid that drifts by ticks;
 * passive orders rest a few ticks from the mid, a share of orders cross it, and most resting orders are
 * cancelled later (some after they have filled, which the engine rejects). Deterministic for a seed.
 */
object RandomSession {

  /** Knobs of the session; the defaults cancel about three orders in four. */
  final case class Params(
      commands: Int = 2000000,
      symbols: Int = 20,
      seed: Long = 42L,
      cancelShare: Double = 0.47, // share of commands that are cancels of a pending order
      crossShare: Double = 0.1, // share of orders priced through the mid, to trade
      maxOffsetTicks: Int = 25, // passive orders rest 1..max ticks from the mid
      driftEvery: Int = 64 // a symbol's mid moves one tick after this many of its commands, on average
  )

  private val Tickers = Vector(
    "ACME",
    "AAPL",
    "MSFT",
    "NVDA",
    "AMZN",
    "GOOG",
    "META",
    "TSLA",
    "BRK.B",
    "JPM",
    "V",
    "XOM",
    "UNH",
    "JNJ",
    "WMT",
    "PG",
    "MA",
    "HD",
    "CVX",
    "KO"
  )

  def symbolNames(n: Int): Vector[Symbol] =
    Vector.tabulate(n)(i => Symbol.unsafe(if (i < Tickers.size) Tickers(i) else s"SYM$i"))

  def generate(p: Params): CommandBatch = {
    require(p.commands >= 0 && p.symbols >= 1, "commands must be >= 0 and symbols >= 1")
    val rnd = new SplittableRandom(p.seed)
    val symbols = symbolNames(p.symbols)
    val b = new CommandBatch.Builder(symbols, math.max(16, p.commands))
    val tick = Price.Scale / 100 // one cent
    val mid = Array.fill(p.symbols)((10L + rnd.nextLong(490L)) * Price.Scale)
    // popularity: cumulative Zipf(1) weights, so a few symbols are much busier than the rest
    val weights = Array.tabulate(p.symbols)(i => 1.0 / (i + 1))
    val cumulative = weights.scanLeft(0.0)(_ + _).tail.map(_ / weights.sum)
    // pending: ids of orders that may still rest, with their symbol; swap-remove on cancel
    var pendingIds = new Array[Long](1 << 16)
    var pendingSym = new Array[Int](1 << 16)
    var pending = 0
    var nextId = 1L
    var i = 0
    while (i < p.commands) {
      if (pending > 0 && rnd.nextDouble() < p.cancelShare) {
        val k = rnd.nextInt(pending)
        b.cancel(pendingSym(k), pendingIds(k))
        pending -= 1
        pendingIds(k) = pendingIds(pending)
        pendingSym(k) = pendingSym(pending)
      } else {
        val u = rnd.nextDouble()
        var s = 0
        while (s < p.symbols - 1 && cumulative(s) < u) s += 1
        if (rnd.nextInt(p.driftEvery) == 0)
          mid(s) = math.max(tick * 100, mid(s) + (if (rnd.nextBoolean()) tick else -tick))
        val side = if (rnd.nextBoolean()) Side.Buy else Side.Sell
        val away =
          if (rnd.nextDouble() < p.crossShare) -rnd.nextInt(4).toLong // through the mid: it trades
          else 1L + rnd.nextInt(p.maxOffsetTicks)
        val price = if (side.isBuy) mid(s) - away * tick else mid(s) + away * tick
        val qty = if (rnd.nextInt(4) == 0) 1L + rnd.nextInt(99) else 100L * (1 + rnd.nextInt(10))
        b.add(s, nextId, side, price, qty)
        if (pending == pendingIds.length) {
          pendingIds = java.util.Arrays.copyOf(pendingIds, pending * 2)
          pendingSym = java.util.Arrays.copyOf(pendingSym, pending * 2)
        }
        pendingIds(pending) = nextId
        pendingSym(pending) = s
        pending += 1
        nextId += 1
      }
      i += 1
    }
    b.result()
  }
}
