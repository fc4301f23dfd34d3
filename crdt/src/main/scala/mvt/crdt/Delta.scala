package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A delta of the state type `S`, after Almeida, Shoker and Baquero, *Delta State Replicated Data
 * Types* (2018, arXiv:1603.01529): a small element of the same lattice, so deltas join with each
 * other (a delta group) and with full states exactly as states do, and `state merge delta` equals
 * the state the mutator produced.
 *
 * The type is an opaque alias of `S` (no wrapper at runtime) kept distinct so that a delta can never
 * be sent, decoded or stored as if it were a replica's whole state. Only mutators and decoders make
 * one. Immutable, like `S`.
 */
opaque type Delta[S] = S

object Delta {

  /** Wraps a state that a mutator or decoder has built as a delta; not for application code. */
  private[crdt] def of[S](s: S): Delta[S] = s

  extension [S](d: Delta[S]) {

    /** The delta as a state of the lattice: what a receiver joins into its own state. */
    def state: S = d

    /** Joins two deltas into a delta group, for batching several updates into one message. */
    def merge(that: Delta[S])(using lattice: BoundedSemilattice[S]): Delta[S] = lattice.combine(d, that)
  }

  given [S](using lattice: BoundedSemilattice[S]): BoundedSemilattice[Delta[S]] = lattice

  given [S](using eq: Eq[S]): Eq[Delta[S]] = eq
}
