package mvt.core

/** Interns symbols read as bytes, so a known symbol costs a hash probe and no allocation. Not thread-safe. */
final class SymbolTable {
  private var keys = new Array[Array[Byte]](64)
  private var values = new Array[String](64)
  private var count = 0

  def size: Int = count

  /** The symbol spelled by `bytes[from, to)`, which the caller has checked with `Symbol.isSymbolByte`. */
  def intern(bytes: Array[Byte], from: Int, to: Int): Symbol = {
    var h = 1
    var i = from
    while (i < to) { h = 31 * h + bytes(i); i += 1 }
    val mask = keys.length - 1
    var slot = (h * 0x9e3779b9) >>> 7 & mask
    // linear probing; the table is at most half full so a free slot always ends the search
    while (keys(slot) != null) {
      if (java.util.Arrays.equals(keys(slot), 0, keys(slot).length, bytes, from, to))
        return Symbol.trusted(values(slot))
      slot = (slot + 1) & mask
    }
    val key = java.util.Arrays.copyOfRange(bytes, from, to)
    val name = new String(key, java.nio.charset.StandardCharsets.US_ASCII).intern()
    keys(slot) = key
    values(slot) = name
    count += 1
    if (count * 2 > keys.length) grow()
    Symbol.trusted(name)
  }

  private def grow(): Unit = {
    val oldKeys = keys
    keys = new Array[Array[Byte]](oldKeys.length * 2)
    values = new Array[String](oldKeys.length * 2)
    count = 0
    var i = 0
    while (i < oldKeys.length) {
      if (oldKeys(i) != null) intern(oldKeys(i), 0, oldKeys(i).length)
      i += 1
    }
  }
}
