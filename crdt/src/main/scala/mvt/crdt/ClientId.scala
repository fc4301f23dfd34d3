package mvt.crdt

/**
 * Identifies a client account. An opaque `String`: no wrapper at runtime, and since a `String`
 * caches its hash, looking a client up in a balance map neither boxes nor allocates. Immutable.
 */
opaque type ClientId = String

/**
 * Client ids parse as one word of printable text without ',' or '/', so that the comma-separated lines and
 * `account/strategy` labels that name them read back the same.
 */
object ClientId extends Ids.Words[ClientId]("a client id", ",/") {

  /** @throws IllegalArgumentException if `id` is empty */
  def apply(id: String): ClientId = Ids.requireNonEmpty(id, "a client id")
}
