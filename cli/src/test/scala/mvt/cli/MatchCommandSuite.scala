package mvt.cli

import cats.effect.unsafe.implicits.global
import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, Path}
import mvt.core.{ConformanceCase, ConformanceCases, CsvEventWriter, Mix, RandomCommands, TempDir}
import mvt.orderbook.{Engine, Exchange}
import mvt.workload.CommandSource

/** `mvt match` run in-process on every conformance vector with every engine, and its failure modes. */
class MatchCommandSuite extends munit.FunSuite {

  private def run(args: String*)(stdin: Array[Byte] = Array.emptyByteArray): CliRun.Result =
    CliRun(args*)(stdin)

  private val tmp = TempDir.fixture(this, "mvt-match")

  private def read(p: Path): String = new String(JFiles.readAllBytes(p), UTF_8)

  /** One line, naming the problem, with no stack trace. */
  private def assertOneLineMessage(err: String, mentions: String): Unit = {
    assertEquals(err.linesIterator.count(_.nonEmpty), 1, err)
    assert(err.contains(mentions), err)
    assert(!err.contains("Exception") && !err.contains("\tat "), err)
  }

  private def commandsFile(dir: Path, c: ConformanceCase): Path = {
    val in = dir.resolve(s"${c.name}.commands.csv")
    JFiles.write(in, c.commands)
    in
  }

  // `mvt match` of `in` with more options, writing its feeds to `name`trades.csv and `name`quotes.csv in `dir`
  private def withFeeds(dir: Path, in: Path, name: String, more: String*): (CliRun.Result, Path, Path) = {
    val trades = dir.resolve(s"${name}trades.csv")
    val quotes = dir.resolve(s"${name}quotes.csv")
    val feeds = Vector("match", "--in", in.toString, "--trades", trades.toString, "--quotes", quotes.toString)
    (run((feeds ++ more)*)(), trades, quotes)
  }

  for (c <- ConformanceCases.all; engine <- Engine.values) {
    tmp.test(s"${c.name} [${engine.label}]") { dir =>
      val snap = dir.resolve("snapshot.csv")
      val (r, trades, quotes) =
        withFeeds(dir, commandsFile(dir, c), "", "--engine", engine.label, "--snapshot", snap.toString)
      assertNoDiff(r.out, c.events)
      assertEquals(r.out, c.events, "stdout, byte for byte")
      c.errorLine match {
        case None =>
          assertEquals(r.status, 0, r.err)
          assertEquals(r.err, "")
          assertEquals(read(snap), c.snapshot.get)
          assertEquals(read(trades), c.trades.get)
          assertEquals(read(quotes), c.quotes.get)
        case Some(line) =>
          assertEquals(r.status, 2, r.err)
          assert(r.err.startsWith(s"line $line:"), r.err)
          assert(r.err.endsWith(s" (mvt match: ${dir.resolve(s"${c.name}.commands.csv")})\n"), r.err)
          assertEquals(r.err.linesIterator.size, 1, r.err)
      }
    }
  }

  for (c <- ConformanceCases.all) {
    test(s"${c.name} from standard input (--in -)") {
      val r = run("match", "--in", "-")(c.commands)
      assertEquals(r.out, c.events)
      assertEquals(r.status, if (c.errorLine.isDefined) 2 else 0, r.err)
      c.errorLine.foreach { line =>
        assert(r.err.startsWith(s"line $line:"), r.err)
        assert(r.err.endsWith(" (mvt match: standard input)\n"), r.err)
      }
    }
  }

  tmp.test("a large random stream gives the library's events, with every engine") { dir =>
    val lines = new RandomCommands(31L, Mix.crossHeavy(300)).take(60000).mkString("", "\n", "\n")
    val in = dir.resolve("random.csv")
    JFiles.writeString(in, lines)
    val expected = new ByteArrayOutputStream
    val writer = new CsvEventWriter(expected)
    CommandSource.open(new ByteArrayInputStream(lines.getBytes(UTF_8))).flatMap(
      _.replayAll(new Exchange(Engine.Fast, writer))
    )
    writer.flush()
    assert(expected.size > (1 << 20), expected.size) // past every buffer on the way
    Engine.values.foreach { engine =>
      val r = run("match", "--in", in.toString, "--engine", engine.label)()
      assertEquals(r.status, 0, r.err)
      assert(r.out == expected.toString(UTF_8), s"${engine.label} differs from the library")
    }
  }

  tmp.test("--out FILE writes the events there and nothing to stdout") { dir =>
    val c = ConformanceCases.all.find(_.snapshot.isDefined).get
    val out = dir.resolve("events.csv")
    JFiles.writeString(out, "stale content that must be truncated\n" * 100)
    val r = run("match", "--in", commandsFile(dir, c).toString, "--out", out.toString)()
    assertEquals(r.status, 0, r.err)
    assertEquals(r.out, "")
    assertEquals(read(out), c.events)
  }

  tmp.test("--out FILE on a format error keeps the events before the bad line") { dir =>
    val c = ConformanceCases.all.find(_.errorLine.isDefined).get
    val out = dir.resolve("events.csv")
    val r = run("match", "--in", commandsFile(dir, c).toString, "--out", out.toString)()
    assertEquals(r.status, 2)
    assertEquals(read(out), c.events)
  }

  tmp.test("a missing input file is status 1 with a one-line message") { dir =>
    val missing = dir.resolve("no-such.csv").toString
    val r = run("match", "--in", missing)()
    assertEquals(r.status, 1)
    assertEquals(r.out, "")
    assertOneLineMessage(r.err, missing)
  }

  tmp.test("an unwritable output is status 1 with a one-line message") { dir =>
    val c = ConformanceCases.all.head
    val out = dir.resolve("no-such-dir").resolve("events.csv").toString
    val r = run("match", "--in", commandsFile(dir, c).toString, "--out", out)()
    assertEquals(r.status, 1)
    assertOneLineMessage(r.err, out)
  }

  tmp.test("a standard output that fails (a full disk) is status 1 with a one-line message") { dir =>
    val c = ConformanceCases.all.find(_.snapshot.isDefined).get
    val full = new java.io.OutputStream {
      def write(b: Int): Unit = throw new java.io.IOException("No space left on device")
    }
    val err = new ByteArrayOutputStream
    val t = Terminal(
      new ByteArrayInputStream(Array.emptyByteArray),
      new PrintStream(full, true, UTF_8),
      new PrintStream(err, true, UTF_8)
    )
    val code = Cli.run(List("match", "--in", commandsFile(dir, c).toString), t).unsafeRunSync()
    assertOneLineMessage(err.toString(UTF_8), "standard output")
    assertEquals(code.code, 1)
  }

  tmp.test("an unwritable snapshot is status 1 with a one-line message") { dir =>
    val c = ConformanceCases.all.find(_.snapshot.isDefined).get
    val snap = dir.resolve("no-such-dir").resolve("snapshot.csv").toString
    val r = run("match", "--in", commandsFile(dir, c).toString, "--snapshot", snap)()
    assertOneLineMessage(r.err, snap)
    assertEquals(r.status, 1)
  }

  tmp.test("an input that cannot be read (a directory) is status 1, blamed on the input") { dir =>
    val r = run("match", "--in", dir.toString)()
    assertEquals(r.status, 1)
    assertOneLineMessage(r.err, s"cannot read ${dir.toString}")
  }

  tmp.test("an unknown engine is status 1 and names the choices") { dir =>
    val c = ConformanceCases.all.head
    val r = run("match", "--in", commandsFile(dir, c).toString, "--engine", "turbo")()
    assertEquals(r.status, 1)
    assertEquals(r.out, "")
    assert(r.err.contains("turbo") && r.err.contains(Engine.names), r.err)
  }

  test("a missing --in is a usage error, status 1") {
    val r = run("match")()
    assertEquals(r.status, 1)
    assert(r.err.contains("--in"), r.err)
  }

  test("--help prints usage on stdout, status 0") {
    val top = run("--help")()
    assertEquals(top.status, 0)
    assertEquals(top.err, "")
    assert(top.out.contains("match"), top.out)
    val sub = run("match", "--help")()
    assertEquals(sub.status, 0)
    assertEquals(sub.err, "")
    List("--in", "--out", "--engine", "--snapshot").foreach(o => assert(sub.out.contains(o), sub.out))
  }

  for (c <- ConformanceCases.all if c.snapshot.isDefined) {
    tmp.test(s"${c.name}: a command log gives the same events and feeds as its commands file") { dir =>
      val log = dir.resolve("day.mvtc")
      assertEquals(run("convert", "--in", commandsFile(dir, c).toString, "--out", log.toString)().status, 0)
      val (r, trades, quotes) = withFeeds(dir, log, "")
      assertEquals(r.status, 0, r.err)
      assertEquals(r.out, c.events)
      assertEquals(read(trades), c.trades.get)
      assertEquals(read(quotes), c.quotes.get)
    }
  }

  tmp.test(
    "a truncated command log: the events of every record before the cut, then status 2 naming the offset"
  ) {
    dir =>
      val c = ConformanceCases.all.find(_.name.startsWith("42")).get
      val log = dir.resolve("day.mvtc")
      assertEquals(run("convert", "--in", commandsFile(dir, c).toString, "--out", log.toString)().status, 0)
      val bytes = JFiles.readAllBytes(log)
      val cut = dir.resolve("cut.mvtc")
      JFiles.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 1000))
      val r = run("match", "--in", cut.toString)()
      assertEquals(r.status, 2, r.err)
      assertOneLineMessage(r.err, "truncated")
      assert(r.err.startsWith(s"mvt match: $cut: byte offset "), r.err)
      assert(
        r.out.nonEmpty && c.events.startsWith(r.out),
        "the events before the cut are a prefix of the day's"
      )
  }

  tmp.test("the analytics read the engine's own quote feed") { dir =>
    val c = ConformanceCases.all.find(_.name.startsWith("42")).get
    val quotes = dir.resolve("quotes.csv")
    assertEquals(run("match", "--in", commandsFile(dir, c).toString, "--quotes", quotes.toString)().status, 0)
    val r = run("analyze", "returns", "--in", quotes.toString, "--rollup", "1")()
    assertEquals(r.status, 0, r.err)
    assert(r.out.linesIterator.size > 10, r.out)
  }

  for (c <- ConformanceCases.all if c.errorLine.isDefined)
    tmp.test(s"${c.name}: the trades and quotes of every line before the bad one are written too") { dir =>
      val (r, trades, quotes) = withFeeds(dir, commandsFile(dir, c), "")
      assertEquals(r.status, 2, r.err)
      // the same commands cut before the bad line, matched whole, give the expected feeds
      val before = new String(c.commands, UTF_8).linesWithSeparators.take(c.errorLine.get.toInt - 1).mkString
      val prefix = dir.resolve("prefix.csv")
      JFiles.writeString(prefix, before)
      val (whole, t2, q2) = withFeeds(dir, prefix, "prefix-")
      assertEquals(whole.status, 0, whole.err)
      assertEquals(read(trades), read(t2))
      assertEquals(read(quotes), read(q2))
      assert(read(quotes).startsWith("time,symbol,bid,bid_size,ask,ask_size\n"))
    }
}
