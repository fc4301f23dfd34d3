package mvt.crdt

/** The rules every textual id follows, in the CRDTs and in the cluster that keys them by account. Pure. */
object Ids {

  /** @throws IllegalArgumentException if `id` is empty, naming `what` it was meant to be */
  def requireNonEmpty(id: String, what: String): String = {
    if (id.isEmpty) throw new IllegalArgumentException(s"$what must not be empty")
    id
  }

  /**
   * `id` if it is one word of printable text (not empty, no whitespace or control character) free of the
   * `separators` that join ids in lines and labels; else why not, naming `what` it was meant to be.
   */
  def word(id: String, what: String, separators: String): Either[String, String] = {
    val at =
      id.indexWhere(c => Character.isWhitespace(c) || Character.isISOControl(c) || separators.indexOf(c) >= 0)
    if (id.isEmpty) Left(s"$what must not be empty")
    else if (at < 0) Right(id)
    else if (separators.indexOf(id(at)) >= 0) Left(s"$what must not hold '${id(at)}', found \"$id\"")
    // the text itself is left out: it would break the one-line message
    else Left(
      f"$what must not hold whitespace or control characters, found U+${id(at).toInt}%04X at character ${at + 1}"
    )
  }

  /**
   * The companion every opaque textual id shares, with its own rules: `parse` by [[word]] under the id's name and
   * separators, the text back (`value`) and the order of the text. `is` is the companion's own knowledge that the
   * id is its text, so nothing wraps or boxes. Immutable.
   */
  abstract class Words[I](what: String, separators: String)(using is: String =:= I) {

    /** `text` as the id, or why it is none: one word of printable text without the id's separators. */
    def parse(text: String): Either[String, I] = is.substituteCo(word(text, what, separators))

    extension (id: I) {

      /** The id as text, for lines, logs and codecs. */
      def value: String = is.flip(id)
    }

    given Ordering[I] = is.substituteCo(Ordering.String)
  }
}
