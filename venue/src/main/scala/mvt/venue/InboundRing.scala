package mvt.venue

import mvt.core.Command

import java.util.concurrent.atomic.{AtomicLong, AtomicLongArray}

/**
 * The venue's one inbound queue: a bounded lock-free ring with many producers (any submitter thread may call
 * `offer`) and one consumer (the engine thread alone calls `poll`). A full ring refuses at once; neither side
 * ever blocks or waits on the other. Allocates nothing per command.
 *
 * Why this is safe: each slot has a sequence number. A producer claims position `p` with a CAS on `tail`
 * (only while the slot's sequence equals `p`, i.e. the consumer has freed it), writes the slot's fields with
 * plain stores and then publishes with a volatile store of `p + 1` to the slot's sequence. The consumer reads
 * the sequence with a volatile load; seeing `p + 1` makes the producer's plain stores visible (the release and
 * acquire of the same `AtomicLongArray` element). It then clears the slot and frees it with a volatile store
 * of `p + capacity`. A producer that claimed a slot but has not published it yet only makes `poll` return
 * false until it does: the engine goes on with other work, it never spins on that slot.
 */
final class InboundRing(requested: Int) {
  require(requested >= 1 && requested <= (1 << 30), s"queue capacity $requested is out of range")

  /** Slots: `requested` rounded up to a power of two. */
  val capacity: Int = Integer.highestOneBit(math.max(2, requested) * 2 - 1)
  private val mask = capacity - 1
  private val sequences = new AtomicLongArray(capacity)
  private val commands = new Array[Command](capacity)
  private val replies = new Array[Reply](capacity)
  private val ats = new Array[Long](capacity)
  private val tail = new AtomicLong(0L)
  private var head = 0L // consumer only

  locally {
    var i = 0
    while (i < capacity) { sequences.set(i, i.toLong); i += 1 }
  }

  /** Adds a command; false when the ring is full. Any thread. */
  def offer(command: Command, reply: Reply, at: Long): Boolean = {
    var pos = tail.get
    while (true) {
      val i = (pos & mask).toInt
      val dif = sequences.get(i) - pos
      if (dif == 0L) {
        if (tail.compareAndSet(pos, pos + 1)) {
          commands(i) = command
          replies(i) = reply
          ats(i) = at
          sequences.set(i, pos + 1)
          return true
        }
        pos = tail.get
      } else if (dif < 0L) return false
      else pos = tail.get
    }
    false
  }

  // the slot `poll` took last; engine thread only
  var takenCommand: Command = null
  var takenReply: Reply = null
  var takenAt: Long = 0L

  /** Takes the oldest published command into `taken*`; false when there is none. Engine thread only. */
  def poll(): Boolean = {
    val i = (head & mask).toInt
    if (sequences.get(i) != head + 1) false
    else {
      takenCommand = commands(i)
      takenReply = replies(i)
      takenAt = ats(i)
      commands(i) = null
      replies(i) = null
      // a release store is enough to free the slot: nothing on this thread waits on a producer's next look
      sequences.lazySet(i, head + capacity)
      head += 1
      true
    }
  }

  /** True when `poll` would take a command (a volatile load). Engine thread only. */
  def ready: Boolean = sequences.get((head & mask).toInt) == head + 1

  /** Commands offered and not yet taken (a snapshot; exact only when no producer is active). */
  def size: Int = (tail.get - head).toInt
}
