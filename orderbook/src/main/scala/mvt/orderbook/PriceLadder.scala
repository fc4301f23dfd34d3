package mvt.orderbook

/**
 * The occupied price levels of one side, sorted so that the best level is last: O(1) best and pop-best,
 * a scan of the best 16 levels then a branch-free lower bound to place a level, and an array shift when a level
 * opens or closes away from the top.
 * Keys are `price` for bids and `-price` for asks, so the best is always the greatest key. Not thread-safe.
 */
final class PriceLadder(initialCapacity: Int = 64) {
  private var keys = new Array[Long](initialCapacity) // strictly ascending in [0, size)
  private var levelIds = new Array[Int](initialCapacity) // levelIds(i) is the level at keys(i)
  private var count = 0

  def size: Int = count
  def isEmpty: Boolean = count == 0

  /** Index of `key`, or `-(insertion point) - 1` when absent. */
  def find(key: Long): Int = {
    // most traffic is near the top of the book: a predictable scan of the best 16 levels beats bisecting there
    var i = count - 1
    val stop = math.max(0, count - 16)
    while (i >= stop) {
      val k = keys(i)
      if (k == key) return i
      if (k < key) return -(i + 1) - 1
      i -= 1
    }
    if (stop == 0) return -1
    // lower bound in [0, stop) without data-dependent branches: the JIT turns the select into a conditional
    // move, so a search far from the top costs no mispredictions
    var base = 0
    var n = stop
    while (n > 1) {
      val half = n >>> 1
      base = if (keys(base + half - 1) < key) base + half else base
      n -= half
    }
    val at = if (keys(base) < key) base + 1 else base // first index in [0, stop] whose key is >= key
    if (at < stop && keys(at) == key) at else -at - 1
  }

  inline def keyAt(i: Int): Long = keys(i)
  inline def levelAt(i: Int): Int = levelIds(i)

  /** The best level's id; the ladder must not be empty. */
  inline def bestLevel: Int = levelIds(count - 1)

  def insertAt(i: Int, key: Long, level: Int): Unit = {
    if (count == keys.length) {
      keys = java.util.Arrays.copyOf(keys, count * 2)
      levelIds = java.util.Arrays.copyOf(levelIds, count * 2)
    }
    System.arraycopy(keys, i, keys, i + 1, count - i)
    System.arraycopy(levelIds, i, levelIds, i + 1, count - i)
    keys(i) = key
    levelIds(i) = level
    count += 1
  }

  def removeAt(i: Int): Unit = {
    System.arraycopy(keys, i + 1, keys, i, count - i - 1)
    System.arraycopy(levelIds, i + 1, levelIds, i, count - i - 1)
    count -= 1
  }

  inline def removeBest(): Unit = count -= 1

  /** Bytes held by the arrays. */
  def footprintBytes: Long = 16L + keys.length * 8L + 16L + levelIds.length * 4L
}
