package mvt.trader
package queue

import java.util.concurrent.{ArrayBlockingQueue, TimeUnit}

/**
 * A bounded FIFO of `capacity` events. When it is full, `block` makes the producer wait for room (back pressure);
 * `drop-newest` rejects the arriving event and counts it as `queue-full`.
 */
final class BoundedBboQueue(val capacity: Int, blockWhenFull: Boolean) extends BboQueue {
  require(capacity >= 1, "a bounded queue holds at least one event")
  private val q = new ArrayBlockingQueue[BboEvent](capacity)

  def policy: QueuePolicy = if (blockWhenFull) QueuePolicy.Block else QueuePolicy.DropNewest

  def offer(e: BboEvent): Boolean =
    if (blockWhenFull) { q.put(e); true }
    else if (q.offer(e)) true
    else { drops.add(DropReason.QueueFull); false }

  def poll(): BboEvent = q.poll()
  protected def pollWaiting(nanos: Long): BboEvent = q.poll(nanos, TimeUnit.NANOSECONDS)
  def size: Int = q.size
}
