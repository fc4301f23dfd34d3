package mvt.bench.latency

import org.HdrHistogram.Histogram

/**
 * Records each command's latency twice: from its intended start (corrected for coordinated omission) and from
 * its actual start (service time only, what a closed-loop benchmark would report). Nanoseconds, 3 significant
 * digits. Single writer: the thread that completes the commands.
 */
final class LatencyRecorder(val budgetNanos: Long) {
  val corrected = new Histogram(3600L * 1000000000L, 3)
  val naive = new Histogram(3600L * 1000000000L, 3)
  private var withinBudget = 0L
  private var late = 0L

  def record(intendedNanos: Long, startNanos: Long, endNanos: Long): Unit =
    recordShared(intendedNanos, startNanos, endNanos, 1)

  /** One of `n` commands run together from `startNanos` to `endNanos`: its service time is their time over `n`. */
  def recordShared(intendedNanos: Long, startNanos: Long, endNanos: Long, n: Int): Unit = {
    val latency = endNanos - intendedNanos
    corrected.recordValue(math.max(0L, latency))
    naive.recordValue(math.max(0L, (endNanos - startNanos) / n))
    if (latency <= budgetNanos) withinBudget += 1
    if (startNanos - intendedNanos > LatencyRecorder.LateNanos) late += 1
  }

  def count: Long = corrected.getTotalCount

  /** Share of commands completed within the budget of their intended start. */
  def withinBudgetShare: Double = withinBudget.toDouble / math.max(1L, count)

  /**
   * Share of commands that started more than `LateNanos` after their intended start: those queued behind a pause.
   * Once it passes 1%, the p99 lies in the backlog of the pauses, measured in microseconds; below, in the service
   * time of commands on schedule, measured in nanoseconds. So it tells on which side of that cliff a p99 fell.
   */
  def lateShare: Double = late.toDouble / math.max(1L, count)
}

object LatencyRecorder {

  /** How far behind its intended start a command must start to count as late: far above the driver's jitter. */
  inline val LateNanos = 1000L
}
