package mvt.analytics

/** A problem in an executions file or quote feed: the 1-based line and what is wrong there, naming the field. */
final case class ExecutionFormatError(line: Long, detail: String) {

  /**
   * The problem without its file, for example `line 7: field 3 (bid): expected a decimal, found "abc"`; the
   * command names the file (see `mvt.core.console.BadInput`).
   */
  def render: String = s"line $line: $detail"
}
