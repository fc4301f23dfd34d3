package mvt.cli

import mvt.analytics.ExecutionFormatError
import mvt.core.{FormatError, TempDir}
import mvt.workload.{CommandLog, SourceError}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files as JFiles

/** Bad input data: one message form and one exit status, whichever reader found it. */
class BadInputSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-bad-input")

  test("render: command, file, then the line or byte offset; standard input for -") {
    val line =
      BadInput(SourceError.Format(FormatError(7, "field 4 (side): expected BUY or SELL, found \"X\"")))
    assertEquals(
      line.render("convert", "day.csv"),
      "mvt convert: day.csv: line 7: field 4 (side): expected BUY or SELL, found \"X\""
    )
    assertEquals(
      line.render("bench latency", "-"),
      "mvt bench latency: standard input: line 7: field 4 (side): expected BUY or SELL, found \"X\""
    )
    val log = BadInput(SourceError.Log(CommandLog.LogError(96, "record 2: truncated")))
    assertEquals(log.render("trade", "day.mvtc"), "mvt trade: day.mvtc: byte offset 96: record 2: truncated")
    val quotes = BadInput(ExecutionFormatError(4, "field 3 (bid): expected a decimal, found \"abc\""))
    assertEquals(
      quotes.render("analyze frame", "q.csv"),
      "mvt analyze frame: q.csv: line 4: field 3 (bid): expected a decimal, found \"abc\""
    )
    assertEquals(
      BadInput.Whole("no commands").render("bench throughput", "-"),
      "mvt bench throughput: standard input: no commands"
    )
  }

  test("match keeps the spec's `line N:` first, the command and file after it; a log error is as elsewhere") {
    val line = BadInput.Line(3, "unknown command \"x\"")
    assertEquals(line.render("match", "-"), "line 3: unknown command \"x\" (mvt match: standard input)")
    assertEquals(
      BadInput.Offset(8, "bad magic").render("match", "a.mvtc"),
      "mvt match: a.mvtc: byte offset 8: bad magic"
    )
  }

  test("one exit status for bad data, 2; usage and I/O are 1") {
    for (b <- Vector(BadInput.Line(1, "x"), BadInput.Offset(0, "x"), BadInput.Whole("x")))
      assertEquals(b.status, Cli.BadData)
    assertEquals(Cli.BadData.code, 2)
    assertEquals(Cli.Failure.code, 1)
  }

  test("a reader's own `line N: ...` text becomes a line; anything else is about the whole input") {
    assertEquals(
      BadInput.fromText("line 2: a second row for 'add'"),
      BadInput.Line(2, "a second row for 'add'")
    )
    assertEquals(BadInput.fromText("no row for cancel"), BadInput.Whole("no row for cancel"))
  }

  tmp.test("convert: a bad line is status 2 in the one form") { dir =>
    val in = dir.resolve("bad.csv")
    JFiles.write(in, "time,2026-01-05T14:30:00Z\nnonsense\n".getBytes(UTF_8))
    val r = CliRun("convert", "--in", in.toString, "--out", dir.resolve("out.mvtc").toString)()
    assertEquals(r.status, 2, r.err)
    assert(r.err.startsWith(s"mvt convert: $in: line 2: "), r.err)
    assertEquals(r.err.linesIterator.size, 1, r.err)
  }

  tmp.test("generate: a bad weights file is status 2 in the one form") { dir =>
    val w = dir.resolve("w.csv")
    JFiles.write(w, "bogus,1,1,1,1\n".getBytes(UTF_8))
    val r =
      CliRun("generate", "--out", "-", "--commands", "5", "--model", "markov", "--weights", w.toString)()
    assertEquals(r.status, 2, r.err)
    assert(r.err.startsWith(s"mvt generate: $w: line 1: unknown kind 'bogus' (expected "), r.err)
    assertEquals(r.err.linesIterator.size, 1, r.err)
  }
}
