package mvt.crdt

/**
 * Identifies a client account. An opaque `String`: no wrapper at runtime, and since a `String`
 * caches its hash, looking a client up in a balance map neither boxes nor allocates. Immutable.
 */
opaque type ClientId = String

object ClientId {

  /** @throws IllegalArgumentException if `id` is empty */
  def apply(id: String): ClientId = Ids.requireNonEmpty(id, "a client id")

  /**
   * `text` as a client id, or why it is none: one word of printable text without ',' or '/', so that the
   * comma-separated lines and `account/strategy` labels that name it read back the same.
   */
  def parse(text: String): Either[String, ClientId] = Ids.word(text, "a client id", ",/")

  extension (c: ClientId) {

    /** The id as text, for logs and codecs. */
    def value: String = c
  }

  given Ordering[ClientId] = Ordering.String
}
