package mvt.trader

import org.HdrHistogram.{ConcurrentHistogram, Histogram}

/**
 * What the consumers did with the events: counts by outcome kind, and two HdrHistograms (nanoseconds, 3
 * significant digits) over the processed events: latency from the event's sent time to the end of its
 * processing, and service time from pick-up to end. `concurrent` (the default) lets several threads record
 * at once; a single consumer thread records cheaper into plain histograms.
 */
final class TraderMetrics(concurrent: Boolean = true) {
  val outcomes = new OutcomeCounts
  val latency: Histogram = TraderMetrics.histogram(concurrent)
  val service: Histogram = TraderMetrics.histogram(concurrent)

  def record(e: BboEvent, outcome: Outcome, pickedNanos: Long, endNanos: Long): Unit = {
    outcomes.add(outcome.kind)
    if (outcome.processed) {
      latency.recordValue(math.min(TraderMetrics.MaxNanos, math.max(0L, endNanos - e.sentNanos)))
      service.recordValue(math.min(TraderMetrics.MaxNanos, math.max(0L, endNanos - pickedNanos)))
    }
  }

  /** Events that went through the whole pipeline: decisions, no decisions and pre-trade refusals. */
  def processed: Long = outcomes.total(_.processed)
}

object TraderMetrics {

  /** The largest value the histograms hold: an hour. */
  val MaxNanos: Long = 3600L * 1000000000L

  private def histogram(concurrent: Boolean): Histogram =
    if (concurrent) new ConcurrentHistogram(MaxNanos, 3) else new Histogram(MaxNanos, 3)
}
