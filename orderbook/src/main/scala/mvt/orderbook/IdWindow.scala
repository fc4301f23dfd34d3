package mvt.orderbook

/**
 * The live orders among the most recent ids, in a direct-mapped window: the entry of id `x` in `[low, low +
 * capacity)` is `entries(x & mask)`, with no hashing and no key. Exchanges hand out ids in increasing order, so
 * new orders land in consecutive entries that share cache lines, instead of a scattered slot each. The window
 * slides up as ids grow, a step at a time with its top eighth kept ahead of the ids (no long pause to slide): the
 * live entries of the ids it leaves behind are handed to `evict`, and it doubles
 * instead while more than an eighth of its entries are live (so the orders that rest a while stay in it, and
 * a deep book of long-lived orders gets a window as wide as its ids). Ids below the window are
 * not its business (the caller keeps them elsewhere). Values are non-negative longs. Not thread-safe.
 */
final class IdWindow(initialCapacity: Int, maxCapacity: Int) {
  import IdWindow.Empty
  require(
    Integer.bitCount(initialCapacity) == 1 && Integer.bitCount(
      maxCapacity
    ) == 1 && initialCapacity <= maxCapacity,
    s"capacities must be powers of two, the initial at most the maximum: $initialCapacity, $maxCapacity"
  )

  private var entries =
    Array.fill(initialCapacity)(Empty) // entries(x & mask): value of id x, Empty when none
  private var mask = initialCapacity - 1
  private var low = 1L // the window is ids [low, low + entries.length); ids are positive
  private var count = 0 // live entries
  // low + room (capacity less its top eighth), or Long.MaxValue if that overflows: an id at or above it makes the
  // window move (reach), so the top eighth stays ahead of the ids
  private var lead = 0L
  leadFrom()

  private def room: Long = entries.length - (entries.length >>> 3)
  private def leadFrom(): Unit = lead = if (low > Long.MaxValue - room) Long.MaxValue else low + room

  def size: Int = count
  def capacity: Int = entries.length

  /** The lowest id of the window: ids below it are never here. */
  def lowest: Long = low

  /** Ids at or above this make the window move: `reach` keeps the top eighth of the window ahead of the ids. */
  inline def threshold: Long = lead

  /** Whether `id` falls in the window (live or not). */
  inline def covers(id: Long): Boolean = id >= low && id - low < entries.length

  /** The value of a covered `id`, or -1 when it is not live. */
  inline def valueOf(id: Long): Long = entries(id.toInt & mask)

  /** Sets the value of a covered `id`. */
  def set(id: Long, value: Long): Unit = {
    val j = id.toInt & mask
    if (entries(j) == Empty) count += 1
    entries(j) = value
  }

  /** Clears a covered, live `id`. */
  def clear(id: Long): Unit = {
    entries(id.toInt & mask) = Empty
    count -= 1
  }

  /**
   * Moves the window for an `id` at or above `threshold`: doubles while more than an eighth of the entries are live
   * and the maximum allows; then, if `id` is still in the top eighth, slides by `Step` ids (an eighth of a window
   * smaller than 8 * Step), or as far as a jump in the ids needs, handing every live entry it leaves to
   * `evict(id, value)`. Afterwards `id` is covered.
   */
  def reach(id: Long, evict: IdWindow.Evict): Unit = {
    // differences, not sums: ids may come near Long.MaxValue
    while (id - low >= room && count * 8 > entries.length && entries.length < maxCapacity) grow()
    if (id - low >= room) {
      // a few cache lines at a time, a little ahead of the ids: ids rising one by one slide it once per Step ids,
      // in a short scan, instead of a pause of capacity / 8 entries once per capacity / 8 ids
      val step = math.max(1, math.min(IdWindow.Step, entries.length >>> 3))
      val newLow = low + math.max(step.toLong, id - low - room + 1) // at most id: id stays covered
      // every slot of an id in [low, newLow) is reused; past one full turn each slot is visited once
      val end = if (newLow - low >= entries.length) low + entries.length else newLow
      var x = low
      while (x < end) {
        val j = x.toInt & mask
        val v = entries(j)
        if (v != Empty) {
          evict.evict(x, v)
          entries(j) = Empty
          count -= 1
        }
        x += 1
      }
      low = newLow
      leadFrom()
    }
  }

  private def grow(): Unit = {
    val old = entries
    val oldMask = mask
    entries = Array.fill(old.length * 2)(Empty)
    mask = entries.length - 1
    leadFrom()
    var k = 0
    while (k < old.length) {
      val x = low + k
      val v = old(x.toInt & oldMask)
      if (v != Empty) entries(x.toInt & mask) = v
      k += 1
    }
  }

  /** Calls `f(id, value)` for every live entry; for checks, not hot paths. */
  def foreach(f: (Long, Long) => Unit): Unit = {
    var k = 0
    while (k < entries.length) {
      val x = low + k
      val v = entries(x.toInt & mask)
      if (v != Empty) f(x, v)
      k += 1
    }
  }

  /** Bytes held by the entries. */
  def footprintBytes: Long = 16L + entries.length * 8L
}

object IdWindow {
  inline val Empty = -1L

  /** Ids the window slides by at a time when the ids rise one by one: eight cache lines of entries. */
  inline val Step = 64

  /** Receives the live entries a sliding window leaves behind. */
  trait Evict {
    def evict(id: Long, value: Long): Unit
  }
}
