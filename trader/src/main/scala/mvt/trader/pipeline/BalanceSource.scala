package mvt.trader
package pipeline

/**
 * Where the balance check asks whether the trader may spend. It is asked on every check, so its answer may
 * change between events (a replicated balance, say); it is called from the consumers' threads.
 */
trait BalanceSource {

  /** Whether `cents` (always positive) may be committed now. */
  def canSpend(cents: Long): Boolean
}
