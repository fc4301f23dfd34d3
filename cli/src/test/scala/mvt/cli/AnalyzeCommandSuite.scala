package mvt.cli

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}

import cats.effect.ExitCode
import munit.FunSuite

class AnalyzeCommandSuite extends FunSuite {

  private final case class Outcome(status: ExitCode, out: String, err: String)

  private def run(args: String*)(stdin: String = ""): Outcome = {
    val r = CliRun(args*)(stdin.getBytes(UTF_8))
    Outcome(ExitCode(r.status), r.out, r.err)
  }

  private val dir =
    mvt.core.TempDir.fixture(this, "analyze")

  private def file(dir: Path, name: String, text: String): String =
    Files.writeString(dir.resolve(name), text, UTF_8).toString

  private val worked =
    """time,symbol,bid,ask
      |2016-01-29T07:45:13Z,EURUSD,2.3,2.5
      |2016-01-29T07:46:13Z,EURUSD,2.1,2.4
      |2016-01-29T07:47:13Z,EURUSD,2.9,3.4
      |2016-01-29T07:48:13Z,EURUSD,3.2,3.4
      |2016-01-29T07:49:13Z,EURUSD,3.1,3.3
      |""".stripMargin

  // Two symbols: GBPUSD falls throughout, from 07:46 on; EURUSD as in the worked example.
  private val two = worked +
    """2016-01-29T07:46:00Z,GBPUSD,4.0,4.0
      |2016-01-29T07:47:00Z,GBPUSD,3.0,3.0
      |2016-01-29T07:48:00Z,GBPUSD,2.0,2.0
      |2016-01-29T07:50:00Z,GBPUSD,1.0,1.0
      |""".stripMargin

  private def rows(csv: String) = csv.linesIterator.map(_.split(",").toList).toList

  dir.test("returns of the worked example to stdout") { d =>
    val r = run("analyze", "returns", "--in", file(d, "prices.csv", worked), "--rollup", "3")()
    assertEquals(r.status, ExitCode.Success, r.err)
    assertEquals(r.err, "")
    val lines = rows(r.out)
    assertEquals(lines.head, List("symbol", "minute", "return"))
    assertEquals(
      lines.tail.map(_.take(2)),
      List(List("EURUSD", "2016-01-29T07:48Z"), List("EURUSD", "2016-01-29T07:49Z"))
    )
    assertEqualsDouble(lines(1)(2).toDouble, 37.5, 1e-12)
    assertEqualsDouble(lines(2)(2).toDouble, 42.2222222222222, 1e-12)
    assert(lines(2)(2).length >= 16, s"full precision, got ${lines(2)(2)}")
  }

  dir.test("returns to a file, reading stdin; --symbol picks one, an unknown one gives the header alone") {
    d =>
      val out = d.resolve("out.csv")
      val r = run(
        "analyze",
        "returns",
        "--in",
        "-",
        "--rollup",
        "1",
        "--symbol",
        "GBPUSD",
        "--out",
        out.toString
      )(two)
      assertEquals(r, Outcome(ExitCode.Success, "", ""))
      assertEquals(
        Files.readString(out),
        """symbol,minute,return
        |GBPUSD,2016-01-29T07:47Z,-25.0
        |GBPUSD,2016-01-29T07:48Z,-33.33333333333333
        |GBPUSD,2016-01-29T07:49Z,-25.0
        |GBPUSD,2016-01-29T07:50Z,-33.33333333333333
        |""".stripMargin
      )
      assertEquals(
        run("analyze", "returns", "--in", "-", "--rollup", "1", "--symbol", "NOPE")(two).out,
        "symbol,minute,return\n"
      )
  }

  dir.test("returns of all symbols come symbol by symbol, in symbol order") { d =>
    val r = run("analyze", "returns", "--in", file(d, "two.csv", two), "--rollup", "2")()
    assertEquals(r.status, ExitCode.Success)
    assertEquals(rows(r.out).tail.map(_.head), List.fill(3)("EURUSD") ++ List.fill(3)("GBPUSD"))
  }

  dir.test("frame: common minutes, sorted symbol columns, scaled with signs kept") { d =>
    val r = run("analyze", "frame", "--in", file(d, "two.csv", two), "--rollup", "1")()
    assertEquals(r.status, ExitCode.Success, r.err)
    val lines = rows(r.out)
    assertEquals(lines.head, List("minute", "EURUSD", "GBPUSD"))
    assertEquals(lines.tail.map(_.head), List("2016-01-29T07:47Z", "2016-01-29T07:48Z", "2016-01-29T07:49Z"))
    val values = lines.tail.flatMap(_.tail.map(_.toDouble))
    assert(values.forall(v => v >= -1.0 && v <= 1.0), values.toString)
    assert(lines.tail.forall(_(2).toDouble < 0), "GBPUSD only falls, so stays negative")
    assertEquals(lines.tail.map(_(2).toDouble).min, -1.0)
    assertEquals(lines.tail.map(_(1).toDouble).map(math.abs).max, 1.0)
  }

  dir.test("the engine's quote feed reads as the executions do; one-sided books are skipped") { d =>
    val quotes =
      """time,symbol,bid,bid_size,ask,ask_size
        |2016-01-29T07:45:13Z,EURUSD,2.3,100,2.5,10
        |2016-01-29T07:45:20.000250Z,EURUSD,,,2.5,10
        |2016-01-29T07:46:13.5Z,EURUSD,2.1,1,2.4,1
        |2016-01-29T07:47:13.000000001Z,EURUSD,2.9,1,3.4,1
        |2016-01-29T07:47:30Z,EURUSD,,,,
        |2016-01-29T07:48:13Z,EURUSD,3.2,1,3.4,1
        |2016-01-29T07:49:13Z,EURUSD,3.1,1,3.3,1
        |""".stripMargin
    val fromQuotes = run("analyze", "returns", "--in", file(d, "day.quotes.csv", quotes), "--rollup", "3")()
    assertEquals(fromQuotes.status, ExitCode.Success, fromQuotes.err)
    assertEquals(
      fromQuotes,
      run("analyze", "returns", "--in", file(d, "prices.csv", worked), "--rollup", "3")()
    )
  }

  test("empty input gives the header alone, for both commands") {
    assertEquals(
      run("analyze", "returns", "--in", "-", "--rollup", "5")(""),
      Outcome(ExitCode.Success, "symbol,minute,return\n", "")
    )
    assertEquals(
      run("analyze", "frame", "--in", "-", "--rollup", "5")("time,symbol,bid,ask\n"),
      Outcome(ExitCode.Success, "minute\n", "")
    )
  }

  dir.test("a data error exits 2 naming line, field and file, and leaves the output file alone") { d =>
    val in = file(d, "prices.csv", worked.replace("2.9,3.4", "abc,3.4"))
    val out = file(d, "out.csv", "previous results\n")
    val r = run("analyze", "returns", "--in", in, "--rollup", "3", "--out", out)()
    assertEquals(r.status, Cli.BadData)
    assertEquals(
      r.err,
      s"mvt analyze returns: $in: line 4: field 3 (bid): expected a decimal, found \"abc\"\n"
    )
    assertEquals(Files.readString(Path.of(out)), "previous results\n")
  }

  test("each kind of data error exits 2 with a line number") {
    val cases = List(
      "time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1\n" -> "line 2: expected 4 fields",
      "time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,0,1\n" -> "line 2: field 3 (bid): expected a positive price",
      "time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,2,1\n" -> "line 2: field 3 (bid): bid 2 is above ask 1",
      "time,symbol,bid,ask\nyesterday,X,1,1\n" -> "line 2: field 1 (time)",
      "time,symbol,bid,ask\n2016-01-29T07:45:01Z,X,1,1\n2016-01-29T07:45:00Z,X,1,1\n" -> "line 3: field 1 (time)",
      "bid,ask\n" -> "line 1: expected a header naming time, symbol, bid and ask; missing 'time' and 'symbol'"
    )
    cases.foreach { (input, message) =>
      val r = run("analyze", "frame", "--in", "-", "--rollup", "1")(input)
      assertEquals(r.status, Cli.BadData, input)
      assert(r.err.startsWith(s"mvt analyze frame: standard input: $message"), r.err)
      assertEquals(r.err.linesIterator.size, 1, r.err)
      assertEquals(r.out, "")
    }
  }

  dir.test("a missing input file exits 1 with one line") { d =>
    val missing = d.resolve("missing.csv").toString
    val r = run("analyze", "returns", "--in", missing, "--rollup", "3")()
    assertEquals(
      r,
      Outcome(Cli.Failure, "", s"mvt analyze returns: cannot read $missing: no such file or directory\n")
    )
  }

  dir.test("a directory as input exits 1 with one line") { d =>
    val r = run("analyze", "frame", "--in", d.toString, "--rollup", "3")()
    assertEquals(r.status, Cli.Failure)
    assert(r.err.startsWith(s"mvt analyze frame: cannot read $d: "), r.err)
    assertEquals(r.err.count(_ == '\n'), 1)
  }

  dir.test("an unwritable output exits 1 with one line") { d =>
    val in = file(d, "prices.csv", worked)
    val out = d.resolve("no-such-folder").resolve("out.csv").toString
    val r = run("analyze", "returns", "--in", in, "--rollup", "3", "--out", out)()
    assertEquals(
      r,
      Outcome(Cli.Failure, "", s"mvt analyze returns: cannot write $out: no such file or directory\n")
    )
  }

  test("a bad --rollup is a usage error at parse time: exit 1 with one line, nothing read") {
    List("0", "-2", "abc", "1.5").foreach { k =>
      val r = run("analyze", "returns", "--in", "no/such/file.csv", "--rollup", k)()
      assertEquals(
        r,
        Outcome(
          Cli.Failure,
          "",
          s"mvt: --rollup must be a whole number of minutes, at least 1; got \"$k\" (--help shows the usage)\n"
        )
      )
    }
  }

  test("a missing option is a usage error, exit 1, without a stack trace") {
    val r = run("analyze", "returns", "--in", "-")()
    assertEquals(r.status, Cli.Failure)
    assert(r.err.contains("--rollup"), r.err)
    assert(!r.err.contains("Exception"), r.err)
  }

  test("a rollup longer than the series gives the header alone, not an error") {
    assertEquals(
      run("analyze", "returns", "--in", "-", "--rollup", "5")(worked),
      Outcome(ExitCode.Success, "symbol,minute,return\n", "")
    )
  }
}
