package mvt.workload

import mvt.core.Symbol

/**
 * Symbols numbered in the order they are first seen. The last lookup is cached by reference: readers intern
 * symbols, so consecutive commands of one symbol usually pass the same `String`. Allocates only for a new
 * symbol. Not thread-safe.
 */
final class SymbolIndex {
  private val table = scala.collection.mutable.ArrayBuffer.empty[Symbol]
  private val index = new java.util.HashMap[String, Integer]()
  private var lastName: String = null
  private var lastIndex = -1

  /** True when the last `indexOf` numbered a symbol it had not seen. */
  var numberedNew = false

  /** The symbols so far, by number. */
  def symbols: scala.collection.IndexedSeq[Symbol] = table

  def size: Int = table.size

  def indexOf(symbol: Symbol): Int = {
    numberedNew = false
    if (symbol.name ne lastName) {
      val known = index.get(symbol.name)
      lastIndex =
        if (known != null) known.intValue
        else {
          table += symbol
          index.put(symbol.name, table.size - 1)
          numberedNew = true
          table.size - 1
        }
      lastName = symbol.name
    }
    lastIndex
  }
}
