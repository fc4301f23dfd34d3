package mvt.analytics

/** A problem in an executions file or quote feed: the 1-based line and what is wrong there, naming the field. */
final case class ExecutionFormatError(line: Long, detail: String) {

  /**
   * The message for a person, for example `line 7: field 'bid': expected a decimal, got "abc" (in prices.csv)`.
   * Characters a terminal would not show (control characters, a byte-order mark) are written as `\uXXXX`.
   */
  def describe(source: String): String = s"line $line: ${ExecutionFormatError.visible(detail)} (in $source)"
}

object ExecutionFormatError {
  private def invisible(c: Char): Boolean =
    Character.isISOControl(c) || c == '\uFEFF' || c == '\uFFFD' || Character.getType(c) == Character.FORMAT

  /** `text` with every invisible character escaped. */
  def visible(text: String): String =
    if (!text.exists(invisible)) text
    else text.flatMap(c => if (invisible(c)) f"\\u${c.toInt}%04X" else c.toString)
}
