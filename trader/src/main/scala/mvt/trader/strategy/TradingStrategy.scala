package mvt.trader
package strategy

/**
 * Reacts to a change of the best bid or offer with at most one order. The `io` interpreter may call `decide` for
 * different events from several threads at once, so implementations keep any state thread-safe.
 */
trait TradingStrategy {
  def decide(e: BboUpdated): Option[Decision]
}
