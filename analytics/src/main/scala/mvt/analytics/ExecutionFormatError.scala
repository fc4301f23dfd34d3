package mvt.analytics

/** A problem in an executions file or quote feed: the 1-based line and what is wrong there, naming the field. */
final case class ExecutionFormatError(line: Long, detail: String) {

  /** The message for a person, for example `line 7: field 'bid': expected a decimal, got "abc" (in prices.csv)`. */
  def describe(source: String): String = s"line $line: $detail (in $source)"
}
