package mvt.orderbook

import mvt.core.Gcd

/**
 * The occupied price levels of one side, found in constant time near the touch: a window of `WindowSlots`
 * consecutive ticks, addressed by `(key - base) / tick`, holds the level of each occupied price, and a bitmap of
 * its occupied slots gives the next best in a few word scans. Keys below the window (far from the touch) live
 * in a sorted `PriceLadder`, the fallback. The window re-centres when a key arrives above it or when the best has
 * fallen into its lower half; the tick is the greatest common divisor of every key seen, so any price grid works.
 * Keys are `price` for bids and `-price` for asks, so the best is always the greatest key; keys are nonzero
 * and of magnitude below 2^60 (valid prices). Level ids are positive (0 means none). No allocation once grown.
 * Not thread-safe.
 */
final class LevelWindow {
  import LevelWindow.{Headroom, MaxTick, SlotBits, WindowSlots, Words}

  private val slots = new Array[Int](WindowSlots) // slots(j): level at key base + j * tick, 0 when none
  private val bits = new Array[Long](Words) // bit j set exactly when slots(j) != 0
  private var tick = 0L // gcd of every key inserted so far; 0 before the first
  // tick = odd * 2^shift; inverse * odd == 1 (mod 2^64): the slot of a key without a division (see slotIndex)
  private var inverse = 0L
  private var shift = 0
  private var base =
    Long.MaxValue // key of slot 0; Long.MaxValue while the window is off (tick unknown or too big)
  private var spanKeys = 0L // WindowSlots * tick: keys in [base, base + spanKeys) are in the window
  private var top = -1 // highest occupied slot, -1 when the window is empty
  private var inWindow = 0 // occupied slots
  private var best = Long.MinValue // the greatest key, Long.MinValue when the side is empty
  // invariant: every key >= base is in the window, every key < base is in the fallback
  private val fallback = new PriceLadder(16)

  def size: Int = inWindow + fallback.size
  def isEmpty: Boolean = inWindow == 0 && fallback.isEmpty

  /** The greatest key, `Long.MinValue` when the side is empty: a crossing check reads one field. */
  inline def bestKey: Long = best

  /** The best level's id; the side must not be empty. */
  def bestLevel: Int = if (top >= 0) slots(top) else fallback.bestLevel

  /** Removes the best level; the side must not be empty. */
  def removeBest(): Unit =
    if (top >= 0) clearSlot(top)
    else {
      fallback.removeBest()
      refreshBest()
    }

  /**
   * `(key - base) / tick` for a key on the grid, in a shift and a multiply: an exact division by an odd number is a
   * multiplication by its inverse mod 2^64, and the rotation divides by 2^shift. Both steps are bijections of the
   * longs, and the keys on the grid in the window map to `[0, WindowSlots)`; so every other key (off the grid,
   * outside the window) maps outside it, and one unsigned range check tells the two apart.
   */
  private inline def slotIndex(key: Long): Long = java.lang.Long.rotateRight((key - base) * inverse, shift)

  // whether a slotIndex result is a window slot; key >= base also holds then, and is checked for a window that is off
  private inline def isSlot(q: Long): Boolean = (q >>> SlotBits) == 0L

  /** The level at `key`, or 0 when no level is open there. */
  def levelOf(key: Long): Int =
    if (key >= base) {
      val q = slotIndex(key)
      if (isSlot(q)) slots(q.toInt)
      else 0 // above the window or off the grid: nothing is open there (invariant)
    } else {
      val at = fallback.find(key)
      if (at >= 0) fallback.levelAt(at) else 0
    }

  /**
   * The greatest open key below `key`, which must be open, or `Long.MinValue` when there is none: steps from the
   * best level towards worse ones with a word scan of the bitmap, then down the fallback.
   */
  def nextKeyBelow(key: Long): Long =
    if (key >= base) {
      val j = slotIndex(key).toInt
      var w = j >>> 6
      // the bits of j's word below j, then whole words below it
      var b = if ((j & 63) == 0) 0L else bits(w) & (-1L >>> (64 - (j & 63)))
      while (b == 0L && w > 0) {
        w -= 1
        b = bits(w)
      }
      if (b != 0L) base + ((w << 6) + 63 - java.lang.Long.numberOfLeadingZeros(b)) * tick
      else if (!fallback.isEmpty) fallback.keyAt(fallback.size - 1)
      else Long.MinValue
    } else {
      val at = fallback.find(key)
      if (at > 0) fallback.keyAt(at - 1) else Long.MinValue
    }

  /** Opens `level` at `key`, which must not be open. */
  def insert(key: Long, level: Int): Unit = {
    val q = slotIndex(key)
    if (isSlot(q) && key >= base) {
      // the common case: on the grid, in the window
      val j = q.toInt
      placeAt(j, level)
      if (j == top) best = key
    } else insertSlow(key, level)
  }

  // off the grid, above the window or below it: refine the tick, re-centre, or use the fallback
  private def insertSlow(key: Long, level: Int): Unit = {
    if (tick == 0L || key % tick != 0L) refine(key)
    if (key >= base) {
      if (key - base >= spanKeys) rebuild(key) // a new best above the window: move the window up to it
      placeAt(slotIndex(key).toInt, level)
    } else if (base != Long.MaxValue && inWindow == 0) {
      // the window emptied: centre it on the best again, so the traffic near the touch finds it
      rebuild(if (fallback.isEmpty) key else math.max(key, fallback.keyAt(fallback.size - 1)))
      if (key >= base) placeAt(slotIndex(key).toInt, level) else fallbackInsert(key, level)
    } else if (inWindow > 0 && top < WindowSlots / 2 && topKey - key < (WindowSlots - Headroom) * tick) {
      // the best has fallen into the lower half and the key is near it: move the window down to the best
      rebuild(topKey)
      if (key >= base) placeAt(slotIndex(key).toInt, level) else fallbackInsert(key, level)
    } else fallbackInsert(key, level)
    refreshBest()
  }

  /** Closes the level at `key`, which must be open. */
  def remove(key: Long): Unit =
    if (key >= base) clearSlot(slotIndex(key).toInt)
    else {
      fallback.removeAt(fallback.find(key))
      refreshBest()
    }

  /**
   * Moves the level open at `from` to `to`, which must not be open: a level whose only order moved goes along with
   * it. Within the window, its id changes slot and the top moves only when `to` passes it or `from` was it.
   */
  def rekey(from: Long, to: Long): Unit = {
    val q = slotIndex(to)
    if (from >= base && to >= base && isSlot(q)) {
      val j = slotIndex(from).toInt
      val k = q.toInt
      val level = slots(j)
      slots(j) = 0
      bits(j >>> 6) &= ~(1L << j)
      slots(k) = level
      bits(k >>> 6) |= 1L << k
      if (k > top) {
        top = k
        best = to
      } else if (j == top) {
        top = highestAtOrBelow(j) // finds k at worst
        best = topKey
      }
    } else {
      val level = levelOf(from)
      remove(from)
      insert(to, level)
    }
  }

  // the highest occupied slot at or below j's word whose bits above j are clear, -1 when none
  private inline def highestAtOrBelow(j: Int): Int = {
    var w = j >>> 6
    var b = bits(w)
    while (b == 0L && w > 0) {
      w -= 1
      b = bits(w)
    }
    if (b == 0L) -1 else (w << 6) + 63 - java.lang.Long.numberOfLeadingZeros(b)
  }

  // after every change that can move the greatest key: a new top, or the fallback's best when the window is empty
  private def refreshBest(): Unit =
    best =
      if (top >= 0) topKey
      else if (!fallback.isEmpty) fallback.keyAt(fallback.size - 1)
      else Long.MinValue

  private def topKey: Long = base + top * tick

  private def placeAt(j: Int, level: Int): Unit = {
    slots(j) = level
    bits(j >>> 6) |= 1L << j
    inWindow += 1
    if (j > top) top = j
  }

  private def clearSlot(j: Int): Unit = {
    slots(j) = 0
    bits(j >>> 6) &= ~(1L << j)
    inWindow -= 1
    if (j == top) {
      // next best: the highest set bit at or below j's word (bits above j are clear, as j was the top)
      top = highestAtOrBelow(j)
      refreshBest() // only the top's removal moves the best: the fallback's keys are all below the window
    }
  }

  private def fallbackInsert(key: Long, level: Int): Unit = {
    val at = fallback.find(key)
    fallback.insertAt(-at - 1, key, level)
  }

  /** Makes `tick` divide `key` too (the first key sets it), and rebuilds the window on the new grid. */
  private def refine(key: Long): Unit = {
    val g = Gcd(tick, math.abs(key))
    var max = key
    if (inWindow > 0) max = math.max(max, topKey)
    if (!fallback.isEmpty) max = math.max(max, fallback.keyAt(fallback.size - 1))
    flush()
    tick = g
    shift = java.lang.Long.numberOfTrailingZeros(g)
    inverse = LevelWindow.oddInverse(g >>> shift)
    spanKeys = WindowSlots * g
    if (g <= MaxTick) pull(max) else base = Long.MaxValue // a coarser grid than this stays in the fallback
  }

  /** Re-centres the window so that `best`, the greatest key after the operation under way, sits below the headroom. */
  private def rebuild(best: Long): Unit = {
    flush()
    pull(best)
  }

  // every window level to the fallback: they are all above its keys, so they append in ascending order
  private def flush(): Unit = {
    var w = 0
    while (w < Words) {
      var b = bits(w)
      while (b != 0L) {
        val j = (w << 6) + java.lang.Long.numberOfTrailingZeros(b)
        fallback.insertAt(fallback.size, base + j * tick, slots(j))
        slots(j) = 0
        b &= b - 1
      }
      bits(w) = 0L
      w += 1
    }
    inWindow = 0
    top = -1
  }

  // sets the base for `best` and takes the fallback's keys at or above it into the window
  private def pull(best: Long): Unit = {
    base = best - (WindowSlots - Headroom) * tick
    while (!fallback.isEmpty && fallback.keyAt(fallback.size - 1) >= base) {
      placeAt(slotIndex(fallback.keyAt(fallback.size - 1)).toInt, fallback.bestLevel)
      fallback.removeBest()
    }
  }

  /** Keys in ascending order (allocates; for snapshots and checks). */
  def keysAscending: Array[Long] = {
    val out = new Array[Long](size)
    ascending(out, null)
    out
  }

  /** Level ids in ascending key order (allocates; for snapshots and checks). */
  def levelsAscending: Array[Int] = {
    val out = new Array[Int](size)
    ascending(null, out)
    out
  }

  // one walk for both: the fallback's entries (every one below the window) first, then the window's occupied
  // slots; each array that is not null gets its half of every entry
  private def ascending(keys: Array[Long], levels: Array[Int]): Unit = {
    var i = 0
    while (i < fallback.size) {
      if (keys != null) keys(i) = fallback.keyAt(i)
      if (levels != null) levels(i) = fallback.levelAt(i)
      i += 1
    }
    // the occupied slots by their bits, lowest first: a check after every command walks a word, not 64 slots
    var w = 0
    while (w < Words) {
      var word = bits(w)
      while (word != 0L) {
        val j = (w << 6) + java.lang.Long.numberOfTrailingZeros(word)
        if (keys != null) keys(i) = base + j * tick
        if (levels != null) levels(i) = slots(j)
        i += 1
        word &= word - 1
      }
      w += 1
    }
  }

  /** Checks the window against its bitmap, counts and the fallback; throws on the first breach. For tests. */
  def checkInvariants(): Unit = {
    def fail(msg: String): Nothing = throw new IllegalStateException(s"LevelWindow: $msg")
    var n = 0
    var high = -1
    var w = 0
    // a word at a time: an empty word's 64 slots are or-ed together, so a check after every command stays cheap
    while (w < Words) {
      val word = bits(w)
      val from = w << 6
      var any = 0
      var j = from
      while (j < from + 64) { any |= slots(j); j += 1 }
      if (word == 0L) {
        if (any != 0) {
          j = from
          while (slots(j) == 0) j += 1
          fail(s"slot $j: bit false, level ${slots(j)}")
        }
      } else {
        j = from
        while (j < from + 64) {
          val set = (word & (1L << j)) != 0L
          if (set != (slots(j) != 0)) fail(s"slot $j: bit $set, level ${slots(j)}")
          j += 1
        }
        n += java.lang.Long.bitCount(word)
        high = from + 63 - java.lang.Long.numberOfLeadingZeros(word)
      }
      w += 1
    }
    if (n != inWindow) fail(s"$n occupied slots, counted $inWindow")
    if (high != top) fail(s"top is $top, highest occupied slot $high")
    if (n > 0 && base == Long.MaxValue) fail("levels in a window that is off")
    if (!fallback.isEmpty && fallback.keyAt(fallback.size - 1) >= base)
      fail(s"fallback key ${fallback.keyAt(fallback.size - 1)} at or above the window's base $base")
    if (base != Long.MaxValue && base % tick != 0L) fail(s"base $base off the grid of tick $tick")
    val greatest =
      if (high >= 0) base + high * tick
      else if (!fallback.isEmpty) fallback.keyAt(fallback.size - 1)
      else Long.MinValue
    if (best != greatest) fail(s"best key is $best, the greatest key $greatest")
  }

  /** Bytes held by the arrays. */
  def footprintBytes: Long = 16L + WindowSlots * 4L + 16L + Words * 8L + fallback.footprintBytes
}

object LevelWindow {

  /**
   * Ticks the window spans: 8,192 (32 KiB of level ids a side, of which only the lines near the touch are hot)
   * keeps 6,144 ticks below the best, the depth of a deep book, out of the sorted fallback.
   */
  inline val WindowSlots = 8192
  private inline val SlotBits = 13 // WindowSlots == 1 << SlotBits
  private inline val Words = WindowSlots / 64

  /** Slots kept free above the best when the window re-centres, so a rising market moves it rarely. */
  inline val Headroom = WindowSlots / 4

  /** Coarser grids stay in the fallback: WindowSlots * tick stays below 2^52, exact in a double. */
  inline val MaxTick = 1L << 39

  /** The inverse of an odd `x` mod 2^64: Newton's iteration doubles the correct low bits from 3 (x * x == 1 mod 8). */
  private[orderbook] def oddInverse(x: Long): Long = {
    var y = x
    var i = 0
    while (i < 5) { y *= 2L - x * y; i += 1 }
    y
  }
}
