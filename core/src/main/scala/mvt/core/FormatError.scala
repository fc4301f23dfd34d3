package mvt.core

/** A commands-file line that is not one of the spec's shapes. `line` is 1-based; no stack trace is kept. */
final case class FormatError(line: Long, detail: String)
    extends Exception(s"line $line: $detail", null, false, false) {

  /** The spec's message: `line N: <what is wrong>`. */
  def render: String = s"line $line: $detail"
}

object FormatError {

  /** Text as a terminal can show it: control characters, a byte-order mark and other invisibles as `\uXXXX`. */
  def visible(text: String): String =
    if (!text.exists(invisible)) text
    else text.flatMap(c => if (invisible(c)) f"\\u${c.toInt}%04X" else c.toString)

  private def invisible(c: Char): Boolean =
    Character.isISOControl(c) || c == '\uFEFF' || c == '\uFFFD' || Character.getType(c) == Character.FORMAT
}
