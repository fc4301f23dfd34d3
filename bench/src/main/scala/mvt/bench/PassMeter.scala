package mvt.bench

import java.lang.management.ManagementFactory
import scala.jdk.CollectionConverters.*

/** Time, bytes allocated by the calling thread, and GC activity across one measured pass. */
final case class PassResult(nanos: Long, events: Long, allocatedBytes: Long, gcCount: Long, gcMillis: Long)

object PassMeter {
  private val threads = ManagementFactory.getThreadMXBean.asInstanceOf[com.sun.management.ThreadMXBean]
  private val collectors = ManagementFactory.getGarbageCollectorMXBeans.asScala.toVector

  private def allocated(): Long = threads.getThreadAllocatedBytes(Thread.currentThread().getId)
  private def gcCount(): Long = collectors.map(_.getCollectionCount.max(0L)).sum
  private def gcMillis(): Long = collectors.map(_.getCollectionTime.max(0L)).sum

  /** Runs `body` (which returns an event count) once and measures it. */
  def measure(body: => Long): PassResult = {
    val c0 = gcCount()
    val m0 = gcMillis()
    val a0 = allocated()
    val t0 = System.nanoTime()
    val events = body
    val t1 = System.nanoTime()
    val a1 = allocated()
    PassResult(t1 - t0, events, a1 - a0, gcCount() - c0, gcMillis() - m0)
  }
}
