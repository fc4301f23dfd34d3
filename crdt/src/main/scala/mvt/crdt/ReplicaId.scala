package mvt.crdt

/** Identifies one replica (one node of the trader cluster). An opaque `String`: no wrapper at runtime. Immutable. */
opaque type ReplicaId = String

/** Replica ids parse as one word of printable text without ',' or '/'. */
object ReplicaId extends Ids.Words[ReplicaId]("a replica id", ",/") {

  /** @throws IllegalArgumentException if `id` is empty */
  def apply(id: String): ReplicaId = Ids.requireNonEmpty(id, "a replica id")
}
