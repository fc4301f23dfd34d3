package mvt.trader

import mvt.core.Symbol

/**
 * Receives top-of-book changes as primitives on the engine's thread, so the tracker allocates nothing. Raw
 * prices; 0 price and 0 quantity mean an empty side.
 */
trait BboListener {
  def bboChanged(symbol: Symbol, bidPrice: Long, bidQty: Long, askPrice: Long, askQty: Long): Unit
}
