package mvt.cluster

import java.util.concurrent.ConcurrentHashMap

/**
 * The latest top of book per symbol, written by the replay thread and drained by the exchange's publisher: a
 * conflating hand-off, so a fast day never queues more than one pending update per symbol. Thread-safe: the
 * map's put and remove are atomic, and a drained entry is removed only if it is still the one read.
 */
final class LatestTops {

  private val pending = new ConcurrentHashMap[String, MarketUpdates.Top]()

  /** How many trader nodes the publisher currently sends to. */
  @volatile var subscribers: Int = 0

  def put(t: MarketUpdates.Top): Unit = { val _ = pending.put(t.symbol, t) }

  /** Every pending update, each removed as it is taken. */
  def drain(): Vector[MarketUpdates.Top] = {
    val out = Vector.newBuilder[MarketUpdates.Top]
    val it = pending.values.iterator
    while (it.hasNext) {
      val t = it.next()
      if (pending.remove(t.symbol, t)) out += t
    }
    out.result()
  }
}
