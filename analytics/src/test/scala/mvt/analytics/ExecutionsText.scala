package mvt.analytics

import java.io.StringReader
import scala.collection.immutable.SortedMap

/** Executions text read in a suite: as `ExecutionsCsv` reads it, its series, or its error (else the test fails). */
trait ExecutionsText { this: munit.FunSuite =>

  def read(text: String): Either[ExecutionFormatError, SortedMap[String, MinuteSeries]] =
    ExecutionsCsv.read(new StringReader(text))

  def ok(text: String): Map[String, MinuteSeries] =
    read(text).fold(e => fail(e.render), identity)

  def error(text: String): ExecutionFormatError =
    read(text).fold(identity, r => fail(s"expected an error, got $r"))
}
