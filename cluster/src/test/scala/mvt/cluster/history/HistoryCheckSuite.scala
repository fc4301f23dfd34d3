package mvt.cluster.history

import mvt.core.RunFailure

import java.io.{ByteArrayOutputStream, PrintStream}
import java.nio.file.Files

/** How `mvt cluster check` ends: the report printed, or the status and line of why nothing was checked. */
class HistoryCheckSuite extends munit.FunSuite {

  private def reported(o: HistoryCheck.Outcome): (Either[RunFailure, Int], String) = {
    val bytes = new ByteArrayOutputStream()
    val r = HistoryCheck.report(o, new PrintStream(bytes, true, "UTF-8"))
    (r, bytes.toString("UTF-8"))
  }

  test("a checked history prints its report: status 0 clean, 2 with a violation") {
    assertEquals(reported(HistoryCheck.Outcome.Checked(Vector("a", "b"), clean = true)), (Right(0), "a\nb\n"))
    assertEquals(reported(HistoryCheck.Outcome.Checked(Vector("c"), clean = false)), (Right(2), "c\n"))
  }

  test("a file that cannot be read is status 1, a bad line 2, each naming the file") {
    val missing = Files.createTempDirectory("history-check").resolve("none.jsonl")
    val (unreadable, printed) = reported(HistoryCheck.files(Vector(missing), overspendAllowed = false))
    assertEquals(printed, "")
    assertEquals(unreadable.left.map(_.status), Left(1))
    assert(unreadable.left.exists(_.why.startsWith(missing.toString)), unreadable.toString)
    val bad = Files.writeString(missing, "not an operation\n")
    val (badLine, _) = reported(HistoryCheck.files(Vector(bad), overspendAllowed = false))
    assertEquals(badLine.left.map(_.status), Left(2))
    assert(badLine.left.exists(_.why.contains(bad.toString)), badLine.toString)
  }
}
