package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A positive-negative counter (PN-Counter): a G-Counter of increments and a G-Counter of decrements,
 * and the value is their difference.
 *
 * Both halves only grow, so `merge` merges each half (entry-wise maximum) and inherits their laws.
 * A decrement adds its non-negative amount to the decrement half, so it always lowers the value;
 * a negative amount is refused rather than turned into an increment. The value is a field read
 * and cannot overflow (both halves lie in `[0, Long.MaxValue]`). This class is immutable.
 */
final case class PNCounter private (increments: GCounter, decrements: GCounter) {

  /**
   * Increments minus decrements. Allocation-free.
   * @throws ArithmeticException if either half exceeds `Long.MaxValue`
   */
  def value: Long = increments.value - decrements.value

  /**
   * Raises the value by `amount` on behalf of `replica`.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def increment(replica: ReplicaId, amount: Long): Updated[PNCounter] = {
    val up = increments.increment(replica, amount)
    Updated(PNCounter(up.state, decrements), Delta.of(PNCounter(up.delta.state, GCounter.empty)))
  }

  /**
   * Lowers the value by `amount` on behalf of `replica`.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def decrement(replica: ReplicaId, amount: Long): Updated[PNCounter] = {
    Amount.requireNonNegative(amount, "decrement")
    val down = decrements.increment(replica, amount)
    Updated(PNCounter(increments, down.state), Delta.of(PNCounter(GCounter.empty, down.delta.state)))
  }

  /** The least upper bound: each half merged on its own. */
  def merge(that: PNCounter): PNCounter = {
    val p = increments.merge(that.increments)
    val n = decrements.merge(that.decrements)
    if ((p eq increments) && (n eq decrements)) this
    else if ((p eq that.increments) && (n eq that.decrements)) that
    else PNCounter(p, n)
  }

  /** Joins a delta. */
  def mergeDelta(delta: Delta[PNCounter]): PNCounter = merge(delta.state)
}

object PNCounter {

  /** The counter nobody has touched, value 0: the bottom of the lattice. */
  val empty: PNCounter = PNCounter(GCounter.empty, GCounter.empty)

  /** Rebuilds a state from its decoded halves. */
  private[crdt] def fromHalves(increments: GCounter, decrements: GCounter): PNCounter =
    PNCounter(increments, decrements)

  given BoundedSemilattice[PNCounter] with {
    def empty: PNCounter = PNCounter.empty
    def combine(x: PNCounter, y: PNCounter): PNCounter = x.merge(y)
  }

  given Eq[PNCounter] = Eq.fromUniversalEquals
}
