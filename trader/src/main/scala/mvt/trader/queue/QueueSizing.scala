package mvt.trader
package queue

/**
 * Sizes a bounded queue from a latency budget: an event that finds `n` events ahead of it waits about
 * `n * timePerEvent`, so the largest queue that keeps the wait within the budget is `budget / timePerEvent`.
 */
object QueueSizing {

  /** `budgetNanos / worstNanosPerEvent`, at least 1; the worst measured time makes it safe, not average. */
  def suggest(budgetNanos: Long, worstNanosPerEvent: Long): Int = {
    require(budgetNanos > 0, "the budget must be positive")
    math.max(1L, math.min(Int.MaxValue.toLong, budgetNanos / math.max(1L, worstNanosPerEvent))).toInt
  }
}
