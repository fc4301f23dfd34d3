package mvt.crdt

/** The operation of an operation-based G-Counter: `dot`'s replica added `amount` (non-negative). Immutable. */
final case class GCounterOp(dot: Dot, amount: Long) {
  Amount.requireNonNegative(amount, "increment")
}

/**
 * An operation-based (commutative) G-Counter: replicas ship increments instead of states, and every
 * replica adds each increment once.
 *
 * Additions commute, so the order of delivery does not matter, and the [[Dot]] of each operation lets
 * a replica ignore duplicates. Loss is another matter: an operation that never arrives is never
 * counted, so plain op-based delivery does **not** survive message loss. The transport must
 * retransmit until every replica has applied every operation (reliable broadcast), for example by
 * resending what lies above a peer's [[Delivered.contiguous]] frontier. Use [[GCounter]] and its
 * deltas where messages may be lost for good. This class is immutable.
 */
final case class OpGCounter private (value: Long, delivered: Delivered) {

  /**
   * Adds `amount` locally and returns the operation to broadcast.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def increment(replica: ReplicaId, amount: Long): (OpGCounter, GCounterOp) = {
    val op = GCounterOp(delivered.next(replica), amount)
    (applyOp(op), op)
  }

  /**
   * Applies an operation from any replica, once: a duplicate returns this state unchanged.
   * @throws ArithmeticException if the value would exceed `Long.MaxValue`
   */
  def applyOp(op: GCounterOp): OpGCounter =
    if (delivered.contains(op.dot)) this
    else OpGCounter(Amount.add(value, op.amount, "operation-based G-Counter value"), delivered.add(op.dot))
}

object OpGCounter {

  /** No operation applied, value 0. */
  val empty: OpGCounter = OpGCounter(0L, Delivered.empty)

  /** Rebuilds a replica from decoded fields. */
  private[crdt] def of(value: Long, delivered: Delivered): OpGCounter = OpGCounter(value, delivered)
}
