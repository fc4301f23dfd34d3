package mvt.trader
package queue

import java.util.concurrent.{LinkedBlockingQueue, TimeUnit}

/**
 * The old pipeline's queue, kept as the baseline: a `LinkedBlockingQueue` that accepts everything, so past the
 * consumer's capacity its backlog, its memory and every event's wait grow for as long as the overload lasts.
 */
final class UnboundedBboQueue extends BboQueue {
  private val q = new LinkedBlockingQueue[BboEvent]()
  def policy: QueuePolicy = QueuePolicy.Unbounded
  def capacity: Int = Int.MaxValue
  def offer(e: BboEvent): Boolean = q.offer(e)
  def poll(): BboEvent = q.poll()
  protected def pollWaiting(nanos: Long): BboEvent = q.poll(nanos, TimeUnit.NANOSECONDS)
  def size: Int = q.size
}
