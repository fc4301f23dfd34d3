package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A grow-only set (G-Set): elements can be added, never removed, and `merge` is set union.
 *
 * Union is commutative, associative and idempotent, so replicas that have seen the same adds hold
 * the same set whatever the order. `A` needs a stable `equals`/`hashCode`. This class is
 * immutable; adds and merges allocate.
 */
final case class GSet[A] private (elements: Set[A]) {

  /** Whether `a` has been added anywhere this replica has heard of. Allocation-free. */
  def contains(a: A): Boolean = elements.contains(a)

  def size: Int = elements.size

  /** Adds `a`. The delta is `{a}`, even when `a` was already here, so a lost earlier delta is repaired. */
  def add(a: A): Updated[GSet[A]] = {
    val next = if (elements.contains(a)) this else GSet(elements + a)
    Updated(next, Delta.of(GSet(Set(a))))
  }

  /** The least upper bound: set union. */
  def merge(that: GSet[A]): GSet[A] =
    if (this eq that) this
    else if (elements.size >= that.elements.size) mergeInto(that)
    else that.mergeInto(this)

  /** Joins a delta. */
  def mergeDelta(delta: Delta[GSet[A]]): GSet[A] = merge(delta.state)

  private def mergeInto(smaller: GSet[A]): GSet[A] = {
    val union = elements.concat(smaller.elements)
    if (union.size == elements.size) this else GSet(union)
  }
}

object GSet {

  /** The set with nothing added: the bottom of the lattice. */
  def empty[A]: GSet[A] = GSet(Set.empty[A])

  /** Rebuilds a state from decoded elements. */
  private[crdt] def fromElements[A](elements: Set[A]): GSet[A] = GSet(elements)

  given [A]: BoundedSemilattice[GSet[A]] with {
    def empty: GSet[A] = GSet.empty[A]
    def combine(x: GSet[A], y: GSet[A]): GSet[A] = x.merge(y)
  }

  given [A]: Eq[GSet[A]] = Eq.fromUniversalEquals
}
