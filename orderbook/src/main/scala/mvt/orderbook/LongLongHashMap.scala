package mvt.orderbook

/**
 * An open-addressing map from nonzero `Long` keys to `Long` values (0 marks a free slot): linear probing, backward-shift deletion,
 * key and value side by side in one array so a lookup touches one cache line. No boxing, no allocation except
 * when it grows. Not thread-safe.
 */
final class LongLongHashMap(initialCapacity: Int = 1024) {
  // table(2i) is a key, 0 when slot i is free (so 0 is never a key); table(2i + 1) is its value
  private var table = new Array[Long](2 * LongLongHashMap.tableSize(initialCapacity))
  private var mask = table.length / 2 - 1
  private var shift = 64 - Integer.numberOfTrailingZeros(table.length / 2)
  private var count = 0

  def size: Int = count

  /** Table slots; memory is 16 bytes per slot, at most half of them in use. */
  def capacity: Int = table.length / 2

  private inline def homeOf(key: Long): Int = ((key * 0x9e3779b97f4a7c15L) >>> shift).toInt

  /** The value for `key`, or `absent`. */
  def getOrElse(key: Long, absent: Long): Long = {
    val i = slotOf(key)
    if (i < 0) absent else table(2 * i + 1)
  }

  def contains(key: Long): Boolean = slotOf(key) >= 0

  /** Inserts or replaces; the key must not be 0. */
  def put(key: Long, value: Long): Unit = {
    if (key == 0L) throw new IllegalArgumentException("0 is not a key: it marks a free slot")
    var i = homeOf(key)
    while (table(2 * i) != 0L && table(2 * i) != key) i = (i + 1) & mask
    if (table(2 * i) == 0L) {
      table(2 * i) = key
      count += 1
    }
    table(2 * i + 1) = value
    // load factor at most 1/2 keeps probe runs short
    if (count * 2 > capacity) rehash(capacity * 2)
  }

  /** The slot holding `key`, or -1; valid until the next `put` or removal. */
  def slotOf(key: Long): Int = {
    if (key == 0L) return -1 // a free slot would match it
    var i = homeOf(key)
    while (true) {
      val k = table(2 * i)
      if (k == key) return i
      if (k == 0L) return -1
      i = (i + 1) & mask
    }
    -1
  }

  /** The value in a slot from `slotOf`. */
  def valueAt(slot: Int): Long = table(2 * slot + 1)

  /** Removes `key`; returns whether it was present. */
  def remove(key: Long): Boolean = {
    val i = slotOf(key)
    if (i >= 0) removeSlot(i)
    i >= 0
  }

  /** Removes the entry in a slot from `slotOf`. */
  def removeSlot(slot: Int): Unit = {
    // backward shift: pull later members of the probe run into the hole, so lookups never meet tombstones
    var hole = slot
    var j = (slot + 1) & mask
    while (table(2 * j) != 0L) {
      val home = homeOf(table(2 * j))
      // j may move to the hole unless its home lies cyclically in (hole, j]
      val stays = if (hole <= j) hole < home && home <= j else hole < home || home <= j
      if (!stays) {
        table(2 * hole) = table(2 * j)
        table(2 * hole + 1) = table(2 * j + 1)
        hole = j
      }
      j = (j + 1) & mask
    }
    table(2 * hole) = 0L
    count -= 1
  }

  /** Calls `f(key, value)` for every entry; for checks and tests, not hot paths. */
  def foreach(f: (Long, Long) => Unit): Unit = {
    var i = 0
    while (i < capacity) {
      if (table(2 * i) != 0L) f(table(2 * i), table(2 * i + 1))
      i += 1
    }
  }

  /** Bytes held by the table. */
  def footprintBytes: Long = 16L + table.length * 8L

  private def rehash(newCapacity: Int): Unit = {
    val old = table
    table = new Array[Long](2 * newCapacity)
    mask = newCapacity - 1
    shift = 64 - Integer.numberOfTrailingZeros(newCapacity)
    count = 0
    var i = 0
    while (i < old.length) {
      if (old(i) != 0L) put(old(i), old(i + 1))
      i += 2
    }
  }
}

object LongLongHashMap {
  private def tableSize(expected: Int): Int =
    Integer.highestOneBit(math.max(16, expected * 2) - 1) << 1
}
