package mvt.trader
package queue

/**
 * The hand-off of BBO events from one producer thread (the engine or network thread) to the strategy side. The
 * policy decides what happens when the consumer falls behind; every event a queue drops is counted in `drops` by
 * reason. One producer thread; any number of consumer threads.
 */
trait BboQueue {
  def policy: QueuePolicy

  /** Events a bounded queue holds at most (symbols, for `conflate`); `Int.MaxValue` when unbounded. */
  def capacity: Int

  /** Drops by reason label (`queue-full`, `superseded`). */
  val drops: OutcomeCounts = new OutcomeCounts

  /** Producer: hands over `e`; false when the policy dropped it. `block` waits for room instead. */
  def offer(e: BboEvent): Boolean

  /** Consumer: the next event if one is waiting, else null. */
  def poll(): BboEvent

  /** Consumer: waits up to `nanos` for the next event; null if none came. */
  protected def pollWaiting(nanos: Long): BboEvent

  /** Events waiting now. */
  def size: Int

  @volatile private var closed = false

  /** Producer: no more events will come; consumers drain what is left, then `take` returns null. */
  def close(): Unit = closed = true

  /**
   * Consumer: the next event, waiting for it; null once the queue is closed and empty. It first spins up to
   * `spins` times, since parking and waking a thread costs tens of microseconds; a consumer whose spinning
   * would take a core from the threads doing the work passes 0.
   */
  def take(spins: Int = BboQueue.DefaultSpins): BboEvent = {
    var spun = 0
    var e = poll()
    while (e == null) {
      // why no event is lost: the producer offers before it calls close(), and `closed` is volatile, so once
      // this read sees it true every offer is visible to the poll below; null from that poll means drained
      val last = closed
      e = if (spun < spins) { Thread.onSpinWait(); spun += 1; poll() }
      else pollWaiting(BboQueue.WaitNanos)
      if (e == null && last) return null
    }
    e
  }
}

object BboQueue {

  /** Spins before parking: about as long as waking a parked thread takes. */
  val DefaultSpins = 2000
  private val WaitNanos = 1000000L
}
