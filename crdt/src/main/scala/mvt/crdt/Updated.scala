package mvt.crdt

/** What a state-based mutator returns: the replica's new state and the delta to ship. Immutable. */
final case class Updated[S](state: S, delta: Delta[S])
