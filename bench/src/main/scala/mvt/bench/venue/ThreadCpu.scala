package mvt.bench.venue

import java.lang.management.ManagementFactory

/**
 * How busy the venue's engine and commit threads and the submitters were over a throughput run: their CPU time
 * as a share of the run's wall time (100% is one core). Immutable.
 */
final case class ThreadCpu(engine: Double, commit: Double, submitters: Double) {
  def render: String =
    f"on CPU: engine thread ${engine * 100}%.0f%%, commit thread ${commit * 100}%.0f%%, submitters ${submitters * 100}%.0f%% of the run"
}

object ThreadCpu {
  private val bean = ManagementFactory.getThreadMXBean

  /** The calling thread's CPU time so far, in nanoseconds. */
  def mine(): Long = bean.getCurrentThreadCpuTime

  // the CPU time of the live threads whose names start with `prefix`
  private def of(prefix: String): Long = {
    var t = 0L
    Thread.getAllStackTraces.keySet.forEach { th =>
      if (th.getName.startsWith(prefix)) t += math.max(0L, bean.getThreadCpuTime(th.getId))
    }
    t
  }

  /** The venue threads' CPU time at the start of a run; `end` turns it into shares. */
  final class Start private[ThreadCpu] (engine0: Long, commit0: Long) {
    def end(elapsedNanos: Long, submitterNanos: Long): ThreadCpu = {
      val e = elapsedNanos.toDouble
      ThreadCpu((of("venue-engine-") - engine0) / e, (of("venue-commit-") - commit0) / e, submitterNanos / e)
    }
  }

  def start(): Start = new Start(of("venue-engine-"), of("venue-commit-"))
}
