package mvt.bench.trader

import java.lang.management.{ManagementFactory, MemoryType}
import scala.jdk.CollectionConverters.*

/**
 * Samples the heap every few milliseconds on a daemon thread and keeps two peaks: heap in use, which young
 * garbage inflates, and heap live after the latest collection, which grows only when something (a backlog)
 * holds on to objects. Start before the run, `stop()` after it.
 */
final class PeakHeap(periodMillis: Long = 5) {
  private val memory = ManagementFactory.getMemoryMXBean
  private val pools =
    ManagementFactory.getMemoryPoolMXBeans.asScala.toVector.filter(_.getType == MemoryType.HEAP)
  @volatile private var running = true
  @volatile private var peakUsed = 0L
  @volatile private var peakLive = 0L

  private def sample(): Unit = {
    val used = memory.getHeapMemoryUsage.getUsed
    if (used > peakUsed) peakUsed = used
    val live = pools.map(p => Option(p.getCollectionUsage).fold(0L)(_.getUsed)).sum
    if (live > peakLive) peakLive = live
  }

  sample()
  private val sampler = new Thread(
    () =>
      while (running) {
        sample()
        Thread.sleep(periodMillis)
      },
    "peak-heap"
  )
  sampler.setDaemon(true)
  sampler.start()

  /** Stops sampling; returns (peak heap in use, peak heap live after a collection), in bytes. */
  def stop(): (Long, Long) = {
    running = false
    sampler.join()
    sample()
    (peakUsed, peakLive)
  }
}
