package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A two-phase set (2P-Set): a grow-only set of added elements and a grow-only set of removed ones
 * (tombstones). An element is present when it has been added and never removed.
 *
 * `merge` merges both halves (union), so it inherits the G-Set laws. Remove wins over every add,
 * concurrent or later: **a removed element can never come back**, and adding it again changes
 * nothing. Removing an element this replica has not seen added is allowed; the tombstone then waits
 * for the add. Tombstones are never collected, so the state only grows. This class is immutable.
 */
final case class TwoPhaseSet[A] private (added: GSet[A], removed: GSet[A]) {

  /** Added and not removed. Allocation-free. */
  def contains(a: A): Boolean = added.contains(a) && !removed.contains(a)

  /** The present elements. Allocates a new set. */
  def elements: Set[A] = added.elements.diff(removed.elements)

  /** Whether `a` was removed, so that it can never be present again. */
  def isRemoved(a: A): Boolean = removed.contains(a)

  /** Adds `a`; a no-op on the value if `a` was ever removed. */
  def add(a: A): Updated[TwoPhaseSet[A]] = {
    val up = added.add(a)
    Updated(TwoPhaseSet(up.state, removed), Delta.of(TwoPhaseSet(up.delta.state, GSet.empty)))
  }

  /** Removes `a` for good. */
  def remove(a: A): Updated[TwoPhaseSet[A]] = {
    val down = removed.add(a)
    Updated(TwoPhaseSet(added, down.state), Delta.of(TwoPhaseSet(GSet.empty, down.delta.state)))
  }

  /** The least upper bound: both halves merged on their own. */
  def merge(that: TwoPhaseSet[A]): TwoPhaseSet[A] = {
    val a = added.merge(that.added)
    val r = removed.merge(that.removed)
    if ((a eq added) && (r eq removed)) this
    else if ((a eq that.added) && (r eq that.removed)) that
    else TwoPhaseSet(a, r)
  }

  /** Joins a delta. */
  def mergeDelta(delta: Delta[TwoPhaseSet[A]]): TwoPhaseSet[A] = merge(delta.state)
}

object TwoPhaseSet {

  /** Nothing added, nothing removed: the bottom of the lattice. */
  def empty[A]: TwoPhaseSet[A] = TwoPhaseSet(GSet.empty[A], GSet.empty[A])

  /** Rebuilds a state from its decoded halves. */
  private[crdt] def fromHalves[A](added: GSet[A], removed: GSet[A]): TwoPhaseSet[A] =
    TwoPhaseSet(added, removed)

  given [A]: BoundedSemilattice[TwoPhaseSet[A]] with {
    def empty: TwoPhaseSet[A] = TwoPhaseSet.empty[A]
    def combine(x: TwoPhaseSet[A], y: TwoPhaseSet[A]): TwoPhaseSet[A] = x.merge(y)
  }

  given [A]: Eq[TwoPhaseSet[A]] = Eq.fromUniversalEquals
}
