package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A map from keys to PN-Counters, such as client balances: one counter per key, created by its first
 * update, and `merge` merges the counters of equal keys and keeps the others.
 *
 * A pointwise map of lattices is a lattice, so the laws carry over from [[PNCounter]]. Keys cannot be
 * removed: removal would need causal context (an OR-Map) and balances never need it. Counters that
 * nobody changed are not stored. Reading a value does not allocate. This class is immutable.
 */
final case class PNCounterMap[K] private (counters: Map[K, PNCounter]) {

  /** The value of `key`'s counter, 0 for a key never updated. Allocation-free. */
  def value(key: K): Long = {
    val counter = counters.getOrElse(key, null)
    if (counter eq null) 0L else counter.value
  }

  /** The counter of `key`, empty for a key never updated. */
  def counter(key: K): PNCounter = counters.getOrElse(key, PNCounter.empty)

  def keySet: Set[K] = counters.keySet

  /** Every key's value. Allocates a new map. */
  def values: Map[K, Long] = counters.map((k, c) => k -> c.value)

  /**
   * Raises `key`'s value by `amount` on behalf of `replica`.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def increment(replica: ReplicaId, key: K, amount: Long): Updated[PNCounterMap[K]] =
    updated(key, counter(key).increment(replica, amount))

  /**
   * Lowers `key`'s value by `amount` on behalf of `replica`.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def decrement(replica: ReplicaId, key: K, amount: Long): Updated[PNCounterMap[K]] =
    updated(key, counter(key).decrement(replica, amount))

  /** The least upper bound: counters of the same key merged, the others kept. */
  def merge(that: PNCounterMap[K]): PNCounterMap[K] =
    if (this eq that) this
    else if (counters.size >= that.counters.size) mergeInto(that)
    else that.mergeInto(this)

  /** Joins a delta. */
  def mergeDelta(delta: Delta[PNCounterMap[K]]): PNCounterMap[K] = merge(delta.state)

  private def updated(key: K, up: Updated[PNCounter]): Updated[PNCounterMap[K]] = {
    val next = if (up.state == PNCounter.empty) this else PNCounterMap(counters.updated(key, up.state))
    val delta = if (up.delta.state == PNCounter.empty) Map.empty[K, PNCounter] else Map(key -> up.delta.state)
    Updated(next, Delta.of(PNCounterMap(delta)))
  }

  private def mergeInto(smaller: PNCounterMap[K]): PNCounterMap[K] = {
    var merged = counters
    val it = smaller.counters.iterator
    while (it.hasNext) {
      val (key, theirs) = it.next()
      val mine = merged.getOrElse(key, null)
      if (mine eq null) merged = merged.updated(key, theirs)
      else {
        val joined = mine.merge(theirs)
        if (joined ne mine) merged = merged.updated(key, joined)
      }
    }
    if (merged eq counters) this else PNCounterMap(merged)
  }
}

object PNCounterMap {

  /** No key updated: the bottom of the lattice. */
  def empty[K]: PNCounterMap[K] = PNCounterMap(Map.empty[K, PNCounter])

  /** Rebuilds a state from decoded counters; the caller guarantees none is empty. */
  private[crdt] def fromCounters[K](counters: Map[K, PNCounter]): PNCounterMap[K] = PNCounterMap(counters)

  given [K]: BoundedSemilattice[PNCounterMap[K]] with {
    def empty: PNCounterMap[K] = PNCounterMap.empty[K]
    def combine(x: PNCounterMap[K], y: PNCounterMap[K]): PNCounterMap[K] = x.merge(y)
  }

  given [K]: Eq[PNCounterMap[K]] = Eq.fromUniversalEquals
}
