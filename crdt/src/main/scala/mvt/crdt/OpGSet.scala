package mvt.crdt

/** The operation of an operation-based G-Set: `dot`'s replica added `element`. Immutable. */
final case class GSetOp[A](dot: Dot, element: A)

/**
 * An operation-based (commutative) G-Set: replicas ship single adds, and every replica applies each
 * add once, in any order.
 *
 * Adds commute and are idempotent on the set, yet each is still recorded by its [[Dot]] so that the
 * replicas' delivery records, and the frontier a retransmitting sender reads, stay exact. A lost add
 * is lost for good unless the transport retransmits it. This class is immutable.
 */
final case class OpGSet[A] private (elements: Set[A], delivered: Delivered) {

  def contains(a: A): Boolean = elements.contains(a)

  /** Adds `a` locally and returns the operation to broadcast. */
  def add(replica: ReplicaId, a: A): (OpGSet[A], GSetOp[A]) = {
    val op = GSetOp(delivered.next(replica), a)
    (applyOp(op), op)
  }

  /** Applies an operation from any replica, once: a duplicate returns this state unchanged. */
  def applyOp(op: GSetOp[A]): OpGSet[A] =
    if (delivered.contains(op.dot)) this
    else OpGSet(elements + op.element, delivered.add(op.dot))
}

object OpGSet {

  /** No operation applied. */
  def empty[A]: OpGSet[A] = OpGSet(Set.empty[A], Delivered.empty)

  /** Rebuilds a replica from decoded fields. */
  private[crdt] def of[A](elements: Set[A], delivered: Delivered): OpGSet[A] = OpGSet(elements, delivered)
}
