package mvt.bench

/** The bit of JSON the reports write by hand: string literals. */
object JsonText {

  /** `s` as a JSON string literal. */
  def quote(s: String): String = "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\""
}
