package mvt.trader
package orders

/**
 * The order ids a strategy uses: from `First` (2^62) up, a range that recorded and generated flows never reach
 * (they count from 1). A backtest refuses a recorded add at or above `First`, so the two ranges cannot meet.
 */
object StrategyIds {
  inline val First = 1L << 62

  /** True for an id of the strategy's range. */
  inline def isStrategy(id: Long): Boolean = id >= First
}
