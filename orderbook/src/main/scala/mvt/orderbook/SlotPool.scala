package mvt.orderbook

/**
 * The pool shape of the fast book's order and level slots: slots of `stride` longs in a caller's array, handed out
 * from a free list threaded through the high half of each free slot's word `linkWord`, else from the high mark
 * (slot 0 is never handed out, so 0 means "none"). The array stays the caller's field, so the hot path reads it
 * without going through the pool; the pool only keeps the list's head, the high mark and the capacity. Allocates
 * only when the caller grows the array. Not thread-safe: its book's thread only.
 */
final class SlotPool(val stride: Int, val linkWord: Int, initialSlots: Int) {
  var free: Int = SlotPool.None // head of the free list; None when it is empty
  var high: Int = 1 // slots at or above this were never handed out
  private var capacity = initialSlots // slots the caller's array holds

  /** Whether the next [[acquire]] needs a larger array: no free slot and none left past the high mark. */
  def full: Boolean = free == SlotPool.None && high == capacity

  /** `data` copied into an array of twice the slots, for the caller to keep in place of `data`. */
  def grow(data: Array[Long]): Array[Long] = {
    capacity *= 2
    java.util.Arrays.copyOf(data, capacity * stride)
  }

  /** A slot of `data`, the free list's head first; the caller grew `data` if the pool was [[full]]. */
  inline def acquire(data: Array[Long]): Int =
    if (free != SlotPool.None) {
      val s = free
      free = next(data, s)
      s
    } else {
      val s = high
      high += 1
      s
    }

  /** Puts `s` on the free list: its link word becomes (the old head, none), written whole. */
  inline def release(data: Array[Long], s: Int): Unit = {
    data(s * stride + linkWord) = free.toLong << 32
    free = s
  }

  /** The free slot after `s` on the list. */
  inline def next(data: Array[Long], s: Int): Int = (data(s * stride + linkWord) >>> 32).toInt

  /**
   * The free slots of `data`, checked to form a proper list (it ends, no slot twice) of slots handed out; `fail`
   * gets the first breach, named as `what` slots. Allocates; for `checkInvariants`.
   */
  def freeSlots(data: Array[Long], what: String, fail: String => Nothing): java.util.BitSet = {
    val seen = new java.util.BitSet(high)
    var s = free
    while (s != SlotPool.None) {
      if (s < 0 || s >= high) fail(s"free $what list reaches slot $s, outside 1 until $high")
      if (seen.get(s)) fail(s"free $what list has a cycle through slot $s")
      seen.set(s)
      s = next(data, s)
    }
    seen
  }
}

object SlotPool {

  /** No slot: the end of a free list. */
  inline val None = 0
}
