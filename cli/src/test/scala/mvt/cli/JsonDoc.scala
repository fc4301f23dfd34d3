package mvt.cli

import io.circe.{Json, parser}

/** The JSON reports as circe values, so the suites check fields rather than match text. */
object JsonDoc {

  /** `text` parsed, or the test fails with the parse error and the text. */
  def apply(text: String)(using munit.Location): Json =
    parser.parse(text).fold(e => munit.Assertions.fail(s"not JSON: ${e.message}\n$text"), identity)

  /** The elements of the array at `field` of `doc`; none when absent. */
  def array(doc: Json, field: String): Vector[Json] = doc.hcursor.downField(field).values.toVector.flatten

  def long(rec: Json, field: String): Option[Long] = rec.hcursor.downField(field).as[Long].toOption
  def string(rec: Json, field: String): Option[String] = rec.hcursor.downField(field).as[String].toOption
  def has(rec: Json, field: String): Boolean = rec.hcursor.downField(field).succeeded
  def isNull(rec: Json, field: String): Boolean = rec.hcursor.downField(field).focus.exists(_.isNull)
}
