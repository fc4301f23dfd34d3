package mvt.orderbook

/**
 * Positive order ids to non-negative longs, for ids that mostly rise: recent ids in an `IdWindow`, older ones in a
 * hashed map, so a day's live ids do not scatter lookups over the cache. Allocates as either grows; not thread-safe.
 */
final class IdMap(initialWindow: Int = 1 << 10) { // initialWindow: a power of two
  // invariant: an id is in the window exactly when the window covers it; the map holds only ids below the window
  private val window = new IdWindow(initialWindow, OrderIndex.MaxWindow)
  private val map = new LongLongHashMap(1024)
  private val toMap = new IdWindow.Evict {
    def evict(id: Long, value: Long): Unit = map.put(id, value)
  }

  /** Ids with a value. */
  def size: Int = window.size + map.size

  /** The value of `id`, or `absent` when it has none. */
  def getOrElse(id: Long, absent: Long): Long =
    if (id >= window.lowest) {
      if (window.covers(id)) { val v = window.valueOf(id); if (v < 0L) absent else v }
      else absent
    } else map.getOrElse(id, absent)

  /** Sets the value (non-negative) of `id` (positive); the window's empty mark is negative. */
  def put(id: Long, value: Long): Unit = {
    if (id <= 0L || value < 0L)
      throw new IllegalArgumentException(s"id $id must be positive, value $value not negative")
    if (id >= window.threshold) window.reach(id, toMap) // a new id near the top: slide or grow ahead of it
    if (window.covers(id)) window.set(id, value) else map.put(id, value)
  }

  /** Removes `id`; whether it had a value. */
  def remove(id: Long): Boolean =
    if (id >= window.lowest) {
      val live = window.covers(id) && window.valueOf(id) >= 0L
      if (live) window.clear(id)
      live
    } else map.remove(id)
}
