package mvt.orderbook

/**
 * An open-addressing map from positive `Long` keys to `Int` values: linear probing, backward-shift deletion,
 * no boxing and no allocation except when it grows. Not thread-safe.
 */
final class LongIntHashMap(initialCapacity: Int = 1024) {
  // key 0 marks a free slot, so keys must be positive (order ids are 1..Long.MaxValue)
  private var keys = new Array[Long](LongIntHashMap.tableSize(initialCapacity))
  private var values = new Array[Int](keys.length)
  private var mask = keys.length - 1
  private var shift = 64 - Integer.numberOfTrailingZeros(keys.length)
  private var count = 0

  def size: Int = count

  /** Table slots; memory is about 12 bytes per slot. */
  def capacity: Int = keys.length

  private inline def slotOf(key: Long): Int = ((key * 0x9e3779b97f4a7c15L) >>> shift).toInt

  /** The value for `key`, or -1 when absent. */
  def get(key: Long): Int = {
    var i = slotOf(key)
    while (true) {
      val k = keys(i)
      if (k == key) return values(i)
      if (k == 0L) return -1
      i = (i + 1) & mask
    }
    -1
  }

  inline def contains(key: Long): Boolean = get(key) >= 0

  /** Inserts or replaces. */
  def put(key: Long, value: Int): Unit = {
    var i = slotOf(key)
    while (keys(i) != 0L && keys(i) != key) i = (i + 1) & mask
    if (keys(i) == 0L) {
      keys(i) = key
      count += 1
    }
    values(i) = value
    // load factor at most 1/2 keeps probe runs short
    if (count * 2 > keys.length) rehash(keys.length * 2)
  }

  /** Removes `key`; returns its value or -1 when absent. */
  def remove(key: Long): Int = {
    var i = slotOf(key)
    while (keys(i) != key) {
      if (keys(i) == 0L) return -1
      i = (i + 1) & mask
    }
    val removed = values(i)
    // backward-shift: pull later members of the probe run into the hole so lookups never need tombstones
    var hole = i
    var j = (i + 1) & mask
    while (keys(j) != 0L) {
      val home = slotOf(keys(j))
      // move j into the hole unless its home lies cyclically in (hole, j]
      val stays = if (hole <= j) hole < home && home <= j else hole < home || home <= j
      if (!stays) {
        keys(hole) = keys(j)
        values(hole) = values(j)
        hole = j
      }
      j = (j + 1) & mask
    }
    keys(hole) = 0L
    count -= 1
    removed
  }

  /** Calls `f(key, value)` for every entry; for checks and tests, not hot paths. */
  def foreach(f: (Long, Int) => Unit): Unit = {
    var i = 0
    while (i < keys.length) {
      if (keys(i) != 0L) f(keys(i), values(i))
      i += 1
    }
  }

  private def rehash(newLength: Int): Unit = {
    val oldKeys = keys
    val oldValues = values
    keys = new Array[Long](newLength)
    values = new Array[Int](newLength)
    mask = newLength - 1
    shift = 64 - Integer.numberOfTrailingZeros(newLength)
    count = 0
    var i = 0
    while (i < oldKeys.length) {
      if (oldKeys(i) != 0L) put(oldKeys(i), oldValues(i))
      i += 1
    }
  }
}

object LongIntHashMap {
  private def tableSize(expected: Int): Int =
    Integer.highestOneBit(math.max(16, expected * 2) - 1) << 1
}
