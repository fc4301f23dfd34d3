package mvt.orderbook

/**
 * A map from positive order ids to non-negative longs, for ids that mostly arrive in increasing order: the recent
 * ids in an `IdWindow` (consecutive ids in consecutive entries, so a new order's entry shares a cache line with
 * the last one's), the ids the window left behind in an open-addressing map. Unlike a hashed map alone, a day's
 * worth of live ids does not scatter every lookup over a table larger than the cache. Not thread-safe.
 */
final class IdMap(initialWindow: Int = 1 << 10) {
  // invariant: an id is in the window exactly when the window covers it; the map holds only ids below the window
  private val window = new IdWindow(initialWindow, OrderIndex.MaxWindow)
  private val map = new LongLongHashMap(1024)
  private val toMap = new IdWindow.Evict {
    def evict(id: Long, value: Long): Unit = map.put(id, value)
  }

  def size: Int = window.size + map.size

  /** The value of `id`, or `absent` when it has none. */
  def getOrElse(id: Long, absent: Long): Long =
    if (id >= window.lowest) {
      if (window.covers(id)) { val v = window.valueOf(id); if (v < 0L) absent else v }
      else absent
    } else map.getOrElse(id, absent)

  /** Sets the value (non-negative) of `id` (positive). */
  def put(id: Long, value: Long): Unit = {
    if (id >= window.threshold) window.reach(id, toMap) // a new id near the top: slide or grow ahead of it
    if (window.covers(id)) window.set(id, value) else map.put(id, value)
  }

  /** Removes `id`; whether it had a value. */
  def remove(id: Long): Boolean =
    if (id >= window.lowest) {
      val live = window.covers(id) && window.valueOf(id) >= 0L
      if (live) window.clear(id)
      live
    } else id > 0L && map.remove(id)
}
