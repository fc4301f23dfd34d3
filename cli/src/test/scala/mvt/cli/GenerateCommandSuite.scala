package mvt.cli

import mvt.core.{EventCounter, TempDir}
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.{CommandLog, CommandSource, ProfileGenerator, WorkloadProfile}

import java.io.ByteArrayOutputStream
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, Path}

/** `mvt generate`: the single stream as before, and `--days` writing one log a weekday into a directory. */
class GenerateCommandSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-generate")

  private def listing(dir: Path): Vector[String] = {
    val s = JFiles.list(dir)
    try s.map(_.getFileName.toString).sorted.toArray(new Array[String](_)).toVector
    finally s.close()
  }

  private def days(dir: Path, extra: String*): CliRun.Result =
    CliRun((Vector("generate", "--commands", "3000", "--out", dir.toString) ++ extra)*)()

  /** One line, naming the option, with no usage dump and no stack trace. */
  private def assertOneLine(r: CliRun.Result, mentions: String, args: String = ""): Unit = {
    val clue = s"$args: ${r.err}"
    assertEquals(r.status, 1, clue)
    assertEquals(r.out, "", clue)
    assertEquals(r.err.linesIterator.count(_.nonEmpty), 1, clue)
    assert(r.err.contains(mentions), clue)
    assert(!r.err.contains("Exception") && !r.err.contains("Usage"), clue)
  }

  tmp.test(
    "--days 0, a start that is not a date and --accounts 0 are one-line usage errors naming the option"
  ) {
    dir =>
      val out = dir.resolve("days")
      val cases = Vector(
        Vector("--days", "0", "--start", "2026-03-02") -> "--days",
        Vector("--days", "-1", "--start", "2026-03-02") -> "--days",
        Vector("--days", "2", "--start", "2026-02-30") -> "--start",
        Vector("--days", "2", "--start", "tomorrow") -> "--start",
        Vector("--days", "2", "--start", "2026-03-02", "--accounts", "0") -> "--accounts",
        Vector("--days", "2", "--start", "2026-03-02", "--accounts", "2147483648") -> "--accounts",
        Vector("--accounts", "0") -> "--accounts",
        Vector("--days", "2") -> "--start",
        Vector("--start", "2026-03-02") -> "--days",
        Vector("--gap", "3") -> "--gap",
        Vector("--zipf", "1.5") -> "--zipf",
        Vector("--days", "2", "--start", "2026-03-02", "--zipf", "0") -> "--zipf",
        Vector("--days", "2", "--start", "2026-03-02", "--house-share", "1.5") -> "--house-share"
      )
      for ((args, option) <- cases) assertOneLine(days(out, args*), option, args.mkString(" "))
      assertOneLine(
        CliRun("generate", "--commands", "10", "--out", "-", "--days", "2", "--start", "2026-03-02")(),
        "--out"
      )
      assertOneLine(CliRun("generate", "--out", "-")(), "--commands")
      assert(!JFiles.exists(out), "nothing written")
  }

  tmp.test("a run writes exactly the weekday logs, named by date, into a directory it creates") { dir =>
    val out = dir.resolve("new").resolve("days")
    // Thursday 5 March 2026 to Wednesday 11 March: the weekend of the 7th and 8th is skipped (and DST begins)
    val r = days(out, "--days", "5", "--start", "2026-03-05", "--accounts", "50")
    assertEquals(r.status, 0, r.err)
    assertEquals(r.err, "")
    val dates = Vector("2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11")
    assertEquals(listing(out), dates.map(_ + ".mvtc"))
    // a line a day with its date, its commands and its first instant, in UTC with the date's offset
    val lines = r.out.linesIterator.toVector
    for ((date, hour) <- dates.zip(Vector("14", "14", "13", "13", "13")))
      assert(
        lines.exists(l => l.startsWith(date) && l.contains("3,000") && l.contains(s"${date}T$hour:")),
        r.out
      )
    assert(r.out.contains("Zipf law with exponent 1.10"), r.out)
    assert(r.out.contains("top 1% of accounts"), r.out)
    // each log reads back and replays through a trading day without error
    for (d <- dates) {
      val bytes = JFiles.readAllBytes(out.resolve(s"$d.mvtc"))
      val batch = CommandLog.read(new java.io.ByteArrayInputStream(bytes)).fold(e => fail(e.render), identity)
      assertEquals((0 until batch.size).count(i => !batch.isTime(i)), 3000)
      val events = new EventCounter
      val source = CommandSource.open(new java.io.ByteArrayInputStream(bytes)).toOption.get
      val day = new TradingDay(Engine.Fast, events, None, None)
      assertEquals(source.replayAll(day), Right(batch.size.toLong))
      assert(day.now.render.startsWith(d), day.now.render)
    }
  }

  tmp.test("--format csv writes .csv files; the same seed gives the same bytes, another seed others") { dir =>
    def run(name: String, seed: String) =
      days(dir.resolve(name), "--days", "3", "--start", "2026-10-30", "--format", "csv", "--seed", seed)
    for ((name, seed) <- Vector("a" -> "7", "b" -> "7", "c" -> "8")) assertEquals(run(name, seed).status, 0)
    val files = Vector("2026-10-30.csv", "2026-11-02.csv", "2026-11-03.csv")
    assertEquals(listing(dir.resolve("a")), files)
    for (f <- files) {
      val a = JFiles.readAllBytes(dir.resolve("a").resolve(f))
      assert(java.util.Arrays.equals(a, JFiles.readAllBytes(dir.resolve("b").resolve(f))), f)
      assert(!java.util.Arrays.equals(a, JFiles.readAllBytes(dir.resolve("c").resolve(f))), f)
    }
    // the first clock line of each day: EDT before the November switch, EST after it
    val firsts =
      files.map(f => new String(JFiles.readAllBytes(dir.resolve("a").resolve(f)), UTF_8).linesIterator.next())
    assert(firsts(0).startsWith("time,2026-10-30T13:3"), firsts(0))
    assert(firsts(1).startsWith("time,2026-11-02T14:3"), firsts(1))
    // the default --accounts with --days is 100: every add has a seventh field in 1..100
    val adds =
      new String(JFiles.readAllBytes(dir.resolve("a").resolve(files(0))), UTF_8).linesIterator.filter(
        _.startsWith("add,")
      )
    assert(adds.forall(l => l.split(',').lift(6).flatMap(_.toIntOption).exists(a => a >= 1 && a <= 100)))
  }

  tmp.test("with --days, --commands defaults to 100,000 a day") { dir =>
    val r = CliRun("generate", "--out", dir.toString, "--days", "1", "--start", "2026-07-15")()
    assertEquals(r.status, 0, r.err)
    assert(r.out.linesIterator.exists(l => l.startsWith("2026-07-15") && l.contains("100,000")), r.out)
    assert(r.out.contains("2026-07-15T13:30:00"), "a July day opens at 13:30 UTC")
  }

  tmp.test("an existing file is replaced whole, and no temporary file is left behind") { dir =>
    val target = dir.resolve("2026-03-02.mvtc")
    JFiles.writeString(target, "stale")
    val r = days(dir, "--days", "1", "--start", "2026-03-02")
    assertEquals(r.status, 0, r.err)
    assertEquals(listing(dir), Vector("2026-03-02.mvtc"))
    assert(CommandLog.read(JFiles.newInputStream(target)).isRight)
  }

  tmp.test("an --out that cannot be a directory is status 1 with one line") { dir =>
    val file = dir.resolve("plain")
    JFiles.writeString(file, "x")
    val r = days(file, "--days", "1", "--start", "2026-03-02")
    assertEquals(r.status, 1)
    assertEquals(r.err.linesIterator.size, 1, r.err)
    assert(r.err.startsWith(s"mvt: cannot create directory $file"), r.err)
  }

  test("without --days the single stream is as before, and --accounts gives its adds accounts") {
    val r = CliRun("generate", "--commands", "2000", "--out", "-", "--seed", "3")()
    assertEquals(r.status, 0, r.err)
    val expected = new ByteArrayOutputStream
    ProfileGenerator.generate(WorkloadProfile.normal, 2000, 3L).batch.writeCsv(expected)
    assertEquals(r.out, expected.toString(UTF_8))
    val withAccounts =
      CliRun("generate", "--commands", "2000", "--out", "-", "--seed", "3", "--accounts", "40")()
    assertEquals(withAccounts.status, 0, withAccounts.err)
    val adds = withAccounts.out.linesIterator.filter(_.startsWith("add,")).toVector
    assert(adds.nonEmpty && adds.forall(_.split(',').length == 7))
    assert(withAccounts.err.contains("accounts 1..40"), withAccounts.err)
  }
}
