package mvt.trader
package queue

import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock

/**
 * At most one pending update per symbol, for at most `capacity` symbols. A newer update of a pending symbol
 * replaces the older one in place, keeping its turn (the older is counted `superseded`); an update of a new
 * symbol when `capacity` symbols are pending is counted `queue-full`. A BBO update is a snapshot of the top, so
 * the replaced one carries nothing the newer lacks. Symbols are served in the order they became pending.
 */
final class ConflatingBboQueue(val capacity: Int) extends BboQueue {
  require(capacity >= 1, "a conflating queue holds at least one symbol")
  private val lock = new ReentrantLock()
  private val nonEmpty = lock.newCondition()
  // guarded by lock: the symbols with a pending update, oldest first, and each one's newest update
  private val order = new java.util.ArrayDeque[String]()
  private val pending = new java.util.HashMap[String, BboEvent]()

  def policy: QueuePolicy = QueuePolicy.Conflate

  def offer(e: BboEvent): Boolean = {
    val symbol = e.update.symbol.name
    lock.lock()
    try {
      if (pending.containsKey(symbol)) {
        pending.put(symbol, e)
        drops.add(DropReason.Superseded)
        true
      } else if (order.size >= capacity) {
        drops.add(DropReason.QueueFull)
        false
      } else {
        order.addLast(symbol)
        pending.put(symbol, e)
        nonEmpty.signal()
        true
      }
    } finally lock.unlock()
  }

  private def next(): BboEvent = {
    val symbol = order.pollFirst()
    if (symbol == null) null else pending.remove(symbol)
  }

  def poll(): BboEvent = {
    lock.lock()
    try next()
    finally lock.unlock()
  }

  protected def pollWaiting(nanos: Long): BboEvent = {
    lock.lock()
    try {
      if (order.isEmpty) nonEmpty.await(nanos, TimeUnit.NANOSECONDS)
      next()
    } finally lock.unlock()
  }

  def size: Int = {
    lock.lock()
    try order.size
    finally lock.unlock()
  }
}
