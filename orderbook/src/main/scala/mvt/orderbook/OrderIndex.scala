package mvt.orderbook

/**
 * The one index of live orders that an exchange's books share: order id -> (book number, book's handle).
 * A book registers an order when it starts resting and removes it when it fills; a cancel removes it with
 * `take`. So the exchange can refuse a duplicate id from any book with one probe, and a book can find its
 * order by id without a map of its own. Ids are positive. Recent ids live in an `IdWindow` (consecutive ids in
 * consecutive entries: a new order's entry is usually in a cache line just used), older ones and ids that
 * arrive out of order in an open-addressing map. Not thread-safe: it belongs to the exchange's thread.
 */
final class OrderIndex(initialCapacity: Int = Sizing.Default.indexedOrders) { // live orders it has room for before it grows
  // the defaults start small and grow: a few thousand live orders then keep their index in the core's L2; the map
  // only holds the ids the window left behind, a fraction of the live ones
  private val map = new LongLongHashMap(math.max(math.min(initialCapacity, 1 << 10), initialCapacity / 8))
  private val window =
    new IdWindow(
      // eight entries a live order: the window doubles while over an eighth live
      Integer.highestOneBit(math.min(OrderIndex.MaxWindow.toLong, math.max(16L, initialCapacity * 8L)).toInt),
      OrderIndex.MaxWindow
    )
  // invariant: an id is in the window exactly when the window covers it; the map only holds ids below it, so an
  // id above the window is not live
  private val toMap = new IdWindow.Evict {
    def evict(id: Long, value: Long): Unit = map.put(id, value)
  }

  /** Live orders across all books. */
  def size: Int = window.size + map.size

  // an id at or above the window's lowest is the window's alone: above its top it is not live, with no probe
  private inline def valueOf(id: Long): Long =
    if (id >= window.lowest) { if (window.covers(id)) window.valueOf(id) else -1L }
    else map.getOrElse(id, -1L)

  def isLive(id: Long): Boolean = valueOf(id) >= 0

  /** The book number an id rests in, or -1 when it is not live. */
  def bookOf(id: Long): Int = {
    val v = valueOf(id)
    if (v < 0) -1 else (v >>> 32).toInt
  }

  /** The handle `book` registered for `id`, or -1 when `id` does not rest in `book`. */
  def handle(id: Long, book: Int): Int = {
    val v = valueOf(id)
    if (v < 0 || (v >>> 32).toInt != book) -1 else v.toInt
  }

  /** Registers `id` (positive) as resting in `book` (non-negative) with `handle`. */
  def register(id: Long, book: Int, handle: Int): Unit = {
    val v = (book.toLong << 32) | (handle.toLong & 0xffffffffL) // non-negative: -1 can mean absent
    if (id >= window.threshold) window.reach(id, toMap) // a new id near the top: slide or grow ahead of it
    if (window.covers(id)) window.set(id, v) else map.put(id, v)
  }

  /**
   * Removes `id` if it rests in `book` and returns its handle, or returns -1 and changes nothing: the one probe
   * a cancel needs.
   */
  def take(id: Long, book: Int): Int =
    if (id >= window.lowest) {
      val v = if (window.covers(id)) window.valueOf(id) else -1L
      if (v < 0 || (v >>> 32).toInt != book) -1
      else {
        window.clear(id)
        v.toInt
      }
    } else {
      val slot = if (id > 0) map.slotOf(id) else -1
      if (slot < 0) -1
      else {
        val v = map.valueAt(slot)
        if ((v >>> 32).toInt != book) -1
        else {
          map.removeSlot(slot)
          v.toInt
        }
      }
    }

  def unregister(id: Long): Unit =
    if (id >= window.lowest) { if (window.covers(id) && window.valueOf(id) >= 0) window.clear(id) }
    else { val _ = map.remove(id) }

  def footprintBytes: Long = map.footprintBytes + window.footprintBytes

  /** Every entry as (id, book, handle); for checks. */
  def foreach(f: (Long, Int, Int) => Unit): Unit = {
    window.foreach((k, v) => f(k, (v >>> 32).toInt, v.toInt))
    map.foreach((k, v) => f(k, (v >>> 32).toInt, v.toInt))
  }
}

object OrderIndex {

  /** The id window stops doubling at 2^24 entries (128 MiB); beyond, older live ids go to the map. */
  val MaxWindow: Int = 1 << 24
}
