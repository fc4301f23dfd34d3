package mvt.trader

import org.HdrHistogram.{ConcurrentHistogram, Histogram}

/**
 * What the consumers did with the events: counts by outcome label, and two HdrHistograms (nanoseconds, 3
 * significant digits) over the processed events: latency from the event's sent time to the end of its
 * processing, and service time from pick-up to end. Safe to record into from several threads.
 */
final class TraderMetrics {
  val outcomes = new OutcomeCounts
  val latency: Histogram = new ConcurrentHistogram(TraderMetrics.MaxNanos, 3)
  val service: Histogram = new ConcurrentHistogram(TraderMetrics.MaxNanos, 3)

  def record(e: BboEvent, outcome: Outcome, pickedNanos: Long, endNanos: Long): Unit = {
    outcomes.add(outcome.label)
    if (outcome.processed) {
      latency.recordValue(math.min(TraderMetrics.MaxNanos, math.max(0L, endNanos - e.sentNanos)))
      service.recordValue(math.min(TraderMetrics.MaxNanos, math.max(0L, endNanos - pickedNanos)))
    }
  }

  /** Events that went through the whole pipeline. */
  def processed: Long = outcomes.get(Outcome.SentLabel) + outcomes.get(Outcome.NoDecisionLabel)
}

object TraderMetrics {

  /** The largest value the histograms hold: an hour. */
  val MaxNanos: Long = 3600L * 1000000000L
}
