package mvt.trader
package pipeline

/** Where the pipeline's journal step records the events it processes. Implementations say which threads may call. */
trait EventJournal {
  def append(e: BboEvent): Unit
}

/**
 * Keeps the last `capacity` events in a ring (for inspecting what the strategy saw) and counts them all.
 * Allocates nothing per event. Safe to call from several threads (appends are serialized).
 */
final class RingJournal(capacity: Int) extends EventJournal {
  require(capacity >= 1, "a journal keeps at least one event")
  private val ring = new Array[BboEvent](capacity)
  private var appended = 0L // guarded by this

  def append(e: BboEvent): Unit = synchronized {
    ring((appended % capacity).toInt) = e
    appended += 1
  }

  def count: Long = synchronized(appended)

  /** The kept events, oldest first. */
  def recent: Vector[BboEvent] = synchronized {
    val n = math.min(appended, capacity.toLong).toInt
    Vector.tabulate(n)(i => ring(((appended - n + i) % capacity).toInt))
  }
}
