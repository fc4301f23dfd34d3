package mvt.core

/** A commands-file line that is not one of the spec's shapes. `line` is 1-based; no stack trace is kept. */
final case class FormatError(line: Long, detail: String)
    extends Exception(s"line $line: $detail", null, false, false) {

  /** The spec's message: `line N: <what is wrong>`. */
  def render: String = s"line $line: $detail"
}
