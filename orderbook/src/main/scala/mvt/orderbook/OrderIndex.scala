package mvt.orderbook

/**
 * The one index of live orders that an exchange's books share: order id -> (book number, book's handle).
 * A book registers an order when it starts resting and removes it when it fills; a cancel removes it with
 * `take`. So the exchange can refuse a duplicate id from any book with one probe, and a book can find its
 * order by id without a map of its own. Ids are positive (0 marks a free slot).
 * Not thread-safe: it belongs to the exchange's thread.
 */
final class OrderIndex(initialCapacity: Int = 1 << 10) {
  // the default starts small and grows: a few thousand live orders then keep their index in the core's L2
  private val map = new LongLongHashMap(initialCapacity)

  /** Live orders across all books. */
  def size: Int = map.size

  def isLive(id: Long): Boolean = map.contains(id)

  /** The book number an id rests in, or -1 when it is not live. */
  def bookOf(id: Long): Int = {
    val v = map.getOrElse(id, -1L)
    if (v < 0) -1 else (v >>> 32).toInt
  }

  /** The handle `book` registered for `id`, or -1 when `id` does not rest in `book`. */
  def handle(id: Long, book: Int): Int = {
    val v = map.getOrElse(id, -1L)
    if (v < 0 || (v >>> 32).toInt != book) -1 else v.toInt
  }

  def register(id: Long, book: Int, handle: Int): Unit =
    map.put(id, (book.toLong << 32) | (handle.toLong & 0xffffffffL))

  /**
   * Removes `id` if it rests in `book` and returns its handle, or returns -1 and changes nothing: the one probe
   * a cancel needs.
   */
  def take(id: Long, book: Int): Int = {
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

  def unregister(id: Long): Unit = { val _ = map.remove(id) }

  def footprintBytes: Long = map.footprintBytes

  /** Every entry as (id, book, handle); for checks. */
  def foreach(f: (Long, Int, Int) => Unit): Unit = map.foreach((k, v) => f(k, (v >>> 32).toInt, v.toInt))
}
