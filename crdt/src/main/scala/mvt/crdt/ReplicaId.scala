package mvt.crdt

/** Identifies one replica (one node of the trader cluster). An opaque `String`: no wrapper at runtime. Immutable. */
opaque type ReplicaId = String

object ReplicaId {

  /** @throws IllegalArgumentException if `id` is empty */
  def apply(id: String): ReplicaId = Ids.requireNonEmpty(id, "a replica id")

  /** `text` as a replica id, or why it is none: one word of printable text without ',' or '/'. */
  def parse(text: String): Either[String, ReplicaId] = Ids.word(text, "a replica id", ",/")

  extension (r: ReplicaId) {

    /** The id as text, for logs and codecs. */
    def value: String = r
  }

  given Ordering[ReplicaId] = Ordering.String
}
