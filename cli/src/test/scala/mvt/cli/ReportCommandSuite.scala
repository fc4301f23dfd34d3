package mvt.cli

import mvt.core.{ConformanceCases, TempDir}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, Path}

/** `mvt report` on the engine's own feeds of a random day, and its refusals. */
class ReportCommandSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-report")

  // `mvt report` over the two feeds, with more options
  private def report(trades: Path, quotes: Path, more: String*): CliRun.Result =
    CliRun(Seq("report", "--trades", trades.toString, "--quotes", quotes.toString) ++ more*)()

  private def feeds(dir: Path): (Path, Path) = {
    val c = ConformanceCases.all.find(_.name.startsWith("42")).get
    val in = dir.resolve("day.csv")
    JFiles.write(in, c.commands)
    val trades = dir.resolve("trades.csv")
    val quotes = dir.resolve("quotes.csv")
    val r = CliRun(
      "match",
      "--in",
      in.toString,
      "--out",
      "/dev/null",
      "--trades",
      trades.toString,
      "--quotes",
      quotes.toString
    )()
    assertEquals(r.status, 0, r.err)
    (trades, quotes)
  }

  tmp.test("a report at the last whole hour the feeds reach: the header, one row per client and symbol") {
    dir =>
      val (trades, quotes) = feeds(dir)
      val r = report(trades, quotes, "--fee-per-share", "0.001")
      assertEquals(r.status, 0, r.err)
      val lines = r.out.linesIterator.toVector
      assertEquals(
        lines.head,
        "account,symbol,position,realized,unrealized,fees,pnl,last_hour,last_day,last_7_days"
      )
      assert(lines.size > 5, r.out)
      val rows = lines.tail.map(_.split(","))
      assert(rows.forall(f => f.length == 10 && f(0).toInt > 0), r.out)
      assertEquals(rows.map(f => (f(0).toInt, f(1))), rows.map(f => (f(0).toInt, f(1))).sorted)
      assert(rows.forall(f => Set("positive", "negative", "flat")(f(7))), r.out)
  }

  tmp.test("--at must be a whole hour that the feeds reach; a bad feed line is status 2 with its line") {
    dir =>
      val (trades, quotes) = feeds(dir)
      val notWhole = report(trades, quotes, "--at", "2026-01-05T15:30:00Z")
      assertEquals(notWhole.status, 1, notWhole.err)
      assert(notWhole.err.contains("whole hour"), notWhole.err)
      val later = report(trades, quotes, "--at", "2030-01-01T00:00:00Z")
      assertEquals(later.status, 1, later.err)
      val bad = dir.resolve("bad.csv")
      JFiles.writeString(
        bad,
        JFiles.readString(trades, UTF_8).linesIterator.take(3).mkString("", "\n", "\ntrade,nope\n")
      )
      val r = report(bad, quotes)
      assertEquals(r.status, 2, r.err)
      assert(r.err.startsWith(s"mvt report: $bad: line 4: "), r.err)
  }

  test("a control character or a byte-order mark quoted from the input is shown escaped") {
    val m = BadInput.Line(3, "field 3 (bid): expected a decimal, found \"1\u0000\uFEFF\"").render(
      "analyze returns",
      "q.csv"
    )
    assertEquals(
      m,
      "mvt analyze returns: q.csv: line 3: field 3 (bid): expected a decimal, found \"1\\u0000\\uFEFF\""
    )
  }
}
