package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A grow-only counter (G-Counter): one count per replica, and the value is their sum.
 *
 * Each replica raises only its own entry, so two states merge by taking the larger count of each
 * replica: a replica's larger count always includes its smaller one. That makes `merge` commutative,
 * associative and idempotent, whatever the order and number of the messages (Shapiro et al.,
 * *A comprehensive study of Convergent and Commutative Replicated Data Types*, 2011).
 *
 * Zero counts are never stored, so equal values of the lattice are equal objects. The value is
 * summed once per state, so reading it costs a field read. This class is immutable; updates and
 * merges allocate a new map.
 */
final case class GCounter private (counts: Map[ReplicaId, Long]) {

  // The sum of the counts, or -1 when it exceeds Long.MaxValue (counts are non-negative, so -1 is free).
  private val total: Long = GCounter.sum(counts)

  /**
   * The sum of all replicas' counts. Allocation-free.
   * @throws ArithmeticException if the sum exceeds `Long.MaxValue`
   */
  def value: Long =
    if (total >= 0L) total
    else throw new ArithmeticException(s"G-Counter value exceeds Long.MaxValue: $counts")

  /** This replica's own count, 0 if it has never incremented. */
  def countOf(replica: ReplicaId): Long = counts.getOrElse(replica, 0L)

  /**
   * Adds `amount` to `replica`'s count. The delta is that replica's new count alone.
   * @throws IllegalArgumentException if `amount` is negative
   * @throws ArithmeticException if the replica's count would exceed `Long.MaxValue`
   */
  def increment(replica: ReplicaId, amount: Long): Updated[GCounter] = {
    Amount.requireNonNegative(amount, "increment")
    val next = Amount.add(countOf(replica), amount, s"count of replica ${replica.value}")
    if (next == 0L) Updated(this, Delta.of(GCounter.empty))
    else Updated(GCounter(counts.updated(replica, next)), Delta.of(GCounter(Map(replica -> next))))
  }

  /** The least upper bound: each replica's larger count. */
  def merge(that: GCounter): GCounter =
    if (this eq that) this
    else if (counts.size >= that.counts.size) mergeInto(that)
    else that.mergeInto(this)

  /** Joins a delta; the same as merging the full state it came from, for any state that already saw its past. */
  def mergeDelta(delta: Delta[GCounter]): GCounter = merge(delta.state)

  // Folds the smaller map into this larger one and keeps this instance when nothing is raised.
  private def mergeInto(smaller: GCounter): GCounter = {
    var merged = counts
    val it = smaller.counts.iterator
    while (it.hasNext) {
      val (replica, count) = it.next()
      if (count > merged.getOrElse(replica, 0L)) merged = merged.updated(replica, count)
    }
    if (merged eq counts) this else GCounter(merged)
  }
}

object GCounter {

  /** The counter no replica has incremented: the bottom of the lattice. */
  val empty: GCounter = GCounter(Map.empty)

  /** Rebuilds a state from decoded counts; the caller guarantees they are all positive. */
  private[crdt] def fromCounts(counts: Map[ReplicaId, Long]): GCounter = GCounter(counts)

  private def sum(counts: Map[ReplicaId, Long]): Long = {
    var s = 0L
    val it = counts.valuesIterator
    while (it.hasNext) {
      val c = it.next()
      if (s > Long.MaxValue - c) return -1L
      s += c
    }
    s
  }

  given BoundedSemilattice[GCounter] with {
    def empty: GCounter = GCounter.empty
    def combine(x: GCounter, y: GCounter): GCounter = x.merge(y)
  }

  given Eq[GCounter] = Eq.fromUniversalEquals
}
