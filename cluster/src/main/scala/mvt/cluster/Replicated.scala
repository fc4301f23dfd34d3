package mvt.cluster

import org.apache.pekko.cluster.ddata.{DeltaReplicatedData, Key, ReplicatedDelta}

/**
 * A `crdt` state as Pekko Distributed Data replicates it: the state, and the join of the deltas made since the
 * replicator last collected them. One class is both the data and its delta (a delta is a state of the same
 * lattice), as Pekko's own counters do. Deltas are absolute entries of grow-only parts, so they need no causal
 * delivery: any order, duplicate or loss followed by full-state gossip gives the same join.
 *
 * Immutable; equality is the state's, so the replicator sees a change only when the state changes.
 */
final class Replicated[S] private (val state: S, val pending: S, val lattice: Lattice[S])
    extends DeltaReplicatedData
    with ReplicatedDelta {

  type T = Replicated[S]
  type D = Replicated[S]

  private def L = lattice.join

  def merge(that: Replicated[S]): Replicated[S] =
    new Replicated(L.combine(state, that.state), L.combine(pending, that.pending), lattice)

  /** Joins a local mutation's delta into the state and into the pending delta the replicator will ship. */
  def joinLocal(delta: S): Replicated[S] =
    new Replicated(L.combine(state, delta), L.combine(pending, delta), lattice)

  def delta: Option[Replicated[S]] =
    if (pending == L.empty) None else Some(new Replicated(pending, L.empty, lattice))

  def mergeDelta(thatDelta: Replicated[S]): Replicated[S] = merge(thatDelta)

  def resetDelta: Replicated[S] = if (pending == L.empty) this else new Replicated(state, L.empty, lattice)

  def zero: Replicated[S] = Replicated.empty(lattice)

  override def equals(other: Any): Boolean = other match {
    case r: Replicated[?] => (r.lattice eq lattice) && r.state == state
    case _ => false
  }

  override def hashCode: Int = state.hashCode

  override def toString: String = s"Replicated(${lattice.manifest}, $state)"
}

object Replicated {

  /** The bottom of `lattice`, with nothing pending. */
  def empty[S](lattice: Lattice[S]): Replicated[S] =
    new Replicated(lattice.join.empty, lattice.join.empty, lattice)

  /** A state received from the wire: nothing pending, since only local mutations are shipped as deltas. */
  def of[S](lattice: Lattice[S], state: S): Replicated[S] = new Replicated(state, lattice.join.empty, lattice)
}

/** The key of one replicated `crdt` state, such as one account's balance. Immutable. */
final case class ReplicatedKey[S](override val id: String) extends Key[Replicated[S]](id)
