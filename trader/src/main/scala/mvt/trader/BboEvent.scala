package mvt.trader

/**
 * A BBO update in flight from the producer to the strategy thread, stamped with the `System.nanoTime` at which it
 * was sent (for open-loop runs, the intended send time). Deadlines count from `sentNanos`.
 */
final case class BboEvent(update: BboUpdated, sentNanos: Long)
