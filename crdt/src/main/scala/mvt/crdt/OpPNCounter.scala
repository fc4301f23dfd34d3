package mvt.crdt

/** An operation of an operation-based PN-Counter; its amount is non-negative and its case gives the sign. */
sealed trait PNCounterOp {
  def dot: Dot
  def amount: Long
}

object PNCounterOp {

  /** `dot`'s replica raised the value by `amount`. Immutable. */
  final case class Increment(dot: Dot, amount: Long) extends PNCounterOp {
    Amount.requireNonNegative(amount, "increment")
  }

  /** `dot`'s replica lowered the value by `amount`. Immutable. */
  final case class Decrement(dot: Dot, amount: Long) extends PNCounterOp {
    Amount.requireNonNegative(amount, "decrement")
  }
}

/**
 * An operation-based (commutative) PN-Counter: replicas ship increments and decrements, and every
 * replica applies each operation once, in any order.
 *
 * Increments and decrements are summed apart, so the value, and whether a sum overflows, does not
 * depend on the order of delivery. As for [[OpGCounter]], duplicates are ignored through each
 * operation's [[Dot]], but a lost operation is lost for good: the transport must retransmit until
 * delivery is certain. This class is immutable.
 */
final case class OpPNCounter private (increments: Long, decrements: Long, delivered: Delivered) {

  /** Increments minus decrements. */
  def value: Long = increments - decrements

  /**
   * Raises the value locally and returns the operation to broadcast.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def increment(replica: ReplicaId, amount: Long): (OpPNCounter, PNCounterOp) =
    issue(PNCounterOp.Increment(delivered.next(replica), amount))

  /**
   * Lowers the value locally and returns the operation to broadcast.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def decrement(replica: ReplicaId, amount: Long): (OpPNCounter, PNCounterOp) =
    issue(PNCounterOp.Decrement(delivered.next(replica), amount))

  /**
   * Applies an operation from any replica, once: a duplicate returns this state unchanged.
   * @throws ArithmeticException if the increments or the decrements sum past `Long.MaxValue`
   */
  def applyOp(op: PNCounterOp): OpPNCounter =
    if (delivered.contains(op.dot)) this
    else
      op match {
        case PNCounterOp.Increment(dot, amount) =>
          OpPNCounter(Amount.add(increments, amount, "PN-Counter increments"), decrements, delivered.add(dot))
        case PNCounterOp.Decrement(dot, amount) =>
          OpPNCounter(increments, Amount.add(decrements, amount, "PN-Counter decrements"), delivered.add(dot))
      }

  private def issue(op: PNCounterOp): (OpPNCounter, PNCounterOp) = (applyOp(op), op)
}

object OpPNCounter {

  /** No operation applied, value 0. */
  val empty: OpPNCounter = OpPNCounter(0L, 0L, Delivered.empty)

  /** Rebuilds a replica from decoded fields. */
  private[crdt] def of(increments: Long, decrements: Long, delivered: Delivered): OpPNCounter =
    OpPNCounter(increments, decrements, delivered)
}
