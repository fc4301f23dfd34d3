package mvt.venue

/**
 * The traded symbols' names, fixed once the venue opens, for the submitters' check of every command: an open
 * table of the names, looked up by the string's cached hash and compared by identity first (submitters reuse
 * their symbols), then by value. Allocates nothing; immutable, so any thread may ask.
 */
final class SymbolSet(names: Iterable[String]) {
  private val keys: Array[String] = {
    // at most half full, so a miss ends at an empty slot after a probe or two
    val size = Integer.highestOneBit(math.max(8, names.size * 4 - 1))
    val table = new Array[String](size)
    names.foreach { n =>
      var i = SymbolSet.slot(n, size - 1)
      while (table(i) != null && table(i) != n) i = (i + 1) & (size - 1)
      table(i) = n
    }
    table
  }
  private val mask = keys.length - 1

  /** Whether `name` is one of the names. */
  def contains(name: String): Boolean = {
    var i = SymbolSet.slot(name, mask)
    while (true) {
      val k = keys(i)
      if ((k eq name) || (k != null && k.equals(name))) return true
      if (k == null) return false
      i = (i + 1) & mask
    }
    false
  }
}

object SymbolSet {
  // the string's cached hash, its high bits folded in (names that differ in their last characters spread)
  private def slot(name: String, mask: Int): Int = {
    val h = name.hashCode
    (h ^ (h >>> 16)) & mask
  }
}
