package mvt.trader

/** Reacts to a change of the best bid or offer with at most one order. Called on one thread at a time. */
trait TradingStrategy {
  def decide(e: BboUpdated): Option[Decision]
}
