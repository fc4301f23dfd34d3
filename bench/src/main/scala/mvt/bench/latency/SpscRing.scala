package mvt.bench.latency

import java.util.concurrent.atomic.AtomicLong

/**
 * A bounded single-producer single-consumer ring of (command index, intended start) pairs: the handoff from a
 * gateway thread to the engine thread. One producer thread and one consumer thread only.
 *
 * Why this is safe: the producer writes a slot's fields with plain stores, then publishes with `tail.lazySet`
 * (a release store); the consumer reads `tail` with a volatile load (acquire) before reading the slot, so it
 * sees the fields. Symmetrically the consumer releases a slot with `head.lazySet` after reading it, and the
 * producer reuses it only after an acquire load of `head` shows it free.
 */
final class SpscRing(capacityPow2: Int) {
  require(Integer.bitCount(capacityPow2) == 1, "capacity must be a power of two")
  private val mask = capacityPow2 - 1
  private val indices = new Array[Int](capacityPow2)
  private val intended = new Array[Long](capacityPow2)
  private val head = new AtomicLong(0L) // next slot to consume; written by the consumer only
  private val tail = new AtomicLong(0L) // next slot to fill; written by the producer only
  private var cachedHead = 0L // producer's last view of head

  /** Producer: publishes one entry, spinning while the ring is full. */
  def put(index: Int, intendedNanos: Long): Unit = {
    val t = tail.get()
    if (t - cachedHead > mask) {
      while (t - head.get() > mask) Thread.onSpinWait()
      cachedHead = head.get()
    }
    val slot = (t & mask).toInt
    indices(slot) = index
    intended(slot) = intendedNanos
    tail.lazySet(t + 1)
  }

  /** Consumer: entries published and not yet taken. */
  def available(from: Long): Long = tail.get() - from

  def indexAt(seq: Long): Int = indices((seq & mask).toInt)
  def intendedAt(seq: Long): Long = intended((seq & mask).toInt)

  /** Consumer: frees every slot before `seq`. */
  def release(seq: Long): Unit = head.lazySet(seq)
}
