package mvt.crdt

/** The one rule every textual id follows. */
private[crdt] object Ids {

  /** @throws IllegalArgumentException if `id` is empty, naming `what` it was meant to be */
  def requireNonEmpty(id: String, what: String): String = {
    if (id.isEmpty) throw new IllegalArgumentException(s"$what must not be empty")
    id
  }
}
