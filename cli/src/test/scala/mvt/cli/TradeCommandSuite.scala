package mvt.cli

import mvt.trader.strategy.*

import mvt.core.*
import mvt.orderbook.Engine
import mvt.trader.*
import mvt.workload.{CommandBatch, CommandLog, CommandSource}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, Path}

/** `mvt trade` in-process: decisions against the strategy applied directly, inputs, options and failures. */
class TradeCommandSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-trade")

  private def dense: ConformanceCase = ConformanceCases.all.find(_.name == "30-random-dense").get

  private def write(dir: Path, name: String, bytes: Array[Byte]): String = {
    val p = dir.resolve(name)
    JFiles.write(p, bytes)
    p.toString
  }

  /** The BBO updates of `commands`, and what `strategy` decides on each, with no queue in between. */
  private def direct(commands: Array[Byte], strategy: TradingStrategy): Vector[String] = {
    val got = Vector.newBuilder[String]
    val listener: BboListener = (s: Symbol, bp: Long, bq: Long, ap: Long, aq: Long) =>
      strategy.decide(BboUpdated.fromRaw(s, bp, bq, ap, aq)).foreach(d => got += d.render)
    CommandSource.open(new java.io.ByteArrayInputStream(commands)).flatMap(
      _.replayAll(new BboTracker(Engine.Fast, EventSink.Ignore, listener))
    )
    got.result()
  }

  private def spreadCapture = new SpreadCaptureStrategy(Price.unsafe("0.01").raw, 3, Quantity(100))

  private def lines(s: String) = s.linesIterator.filter(_.nonEmpty).toVector

  /** The outcome counts of the summary line `Outcomes: a 1, b 2`. */
  private def outcomes(err: String): Map[String, Long] =
    err.linesIterator.find(_.startsWith("Outcomes: ")).get.stripPrefix("Outcomes: ").split(", ").map { kv =>
      val i = kv.lastIndexOf(' ')
      kv.take(i) -> kv.drop(i + 1).replace(",", "").toLong
    }.toMap

  tmp.test("fold with block: exactly the decisions of applying the strategy to every update, in order") {
    dir =>
      val in = write(dir, "c.csv", dense.commands)
      val r = CliRun("trade", "--in", in)()
      assertEquals(r.status, 0, r.err)
      val want = direct(dense.commands, spreadCapture)
      assert(want.nonEmpty)
      assertEquals(lines(r.out), want)
      val updates =
        r.err.linesIterator.find(_.startsWith("BBO updates: ")).get.split(' ')(2).replace(",", "").toLong
      assertEquals(outcomes(r.err).values.sum, updates)
      assertEquals(outcomes(r.err)("sent"), want.size.toLong)
  }

  tmp.test("io interpreter: the same decisions, in any order; momentum too") { dir =>
    val in = write(dir, "c.csv", dense.commands)
    val r = CliRun("trade", "--in", in, "--interpreter", "io", "--parallelism", "3")()
    assertEquals(r.status, 0, r.err)
    assertEquals(lines(r.out).sorted, direct(dense.commands, spreadCapture).sorted)
    val m = CliRun("trade", "--in", in, "--strategy", "momentum", "--lookback", "3", "--threshold-bps", "2")()
    assertEquals(lines(m.out), direct(dense.commands, new MomentumStrategy(3, 2, Quantity(100))))
  }

  tmp.test("a command log gives the same decisions as its CSV") { dir =>
    val batch = CommandBatch.readCsv(new java.io.ByteArrayInputStream(dense.commands)).fold(
      e => fail(e.render),
      identity
    )
    val log = dir.resolve("c.mvtc")
    val out = JFiles.newOutputStream(log)
    try CommandLog.write(batch, out)
    finally out.close()
    val r = CliRun("trade", "--in", log.toString)()
    assertEquals(r.status, 0, r.err)
    assertEquals(lines(r.out), direct(dense.commands, spreadCapture))
  }

  tmp.test("a bad line: the decisions of the lines before it, the summary, then the error with status 2") {
    dir =>
      val good = new String(dense.commands, UTF_8).linesIterator.take(200).mkString("", "\n", "\n")
      val in = write(
        dir,
        "bad.csv",
        (good + "add,ACME,999999,HOLD,10,5\nadd,ACME,1000000,BUY,10,5\n").getBytes(UTF_8)
      )
      val r = CliRun("trade", "--in", in)()
      assertEquals(r.status, 2)
      assertEquals(lines(r.out), direct(good.getBytes(UTF_8), spreadCapture))
      assert(r.err.contains("line 201: field 4 (side)"), r.err)
      assert(r.err.linesIterator.exists(_.startsWith(s"mvt trade: $in: line 201: field 4 (side)")), r.err)
      assert(r.err.contains("Outcomes: "), r.err)
      assert(!r.err.contains("Exception"), r.err)
  }

  test("standard input, a budget: the summary suggests a queue size") {
    val r =
      CliRun("trade", "--in", "-", "--budget", "10ms", "--policy", "conflate", "--queue", "8")(dense.commands)
    assertEquals(r.status, 0, r.err)
    assert(r.err.linesIterator.exists(_.startsWith("Suggested queue for a 10000.0 µs budget: ")), r.err)
  }

  test("a balance too small for one clip refuses every trade; a large one allows them") {
    val poor = CliRun("trade", "--in", "-", "--balance", "1")(dense.commands)
    assertEquals(poor.status, 0, poor.err)
    assertEquals(lines(poor.out), Vector.empty)
    assert(!outcomes(poor.err).contains("sent"), poor.err)
    assert(outcomes(poor.err).contains("refused:balance"), poor.err)
    val rich = CliRun("trade", "--in", "-", "--balance", "100000000000")(dense.commands)
    assertEquals(lines(rich.out), direct(dense.commands, spreadCapture))
    assert(!outcomes(rich.err).contains("refused:balance"), rich.err)
  }

  test(
    "--balance 0: every update is refused by the balance check, counted as refused:balance, not no-decision"
  ) {
    val none = CliRun("trade", "--in", "-")(dense.commands)
    assertEquals(none.status, 0, none.err)
    val updates = outcomes(none.err).values.sum
    assert(outcomes(none.err).contains("no-decision"), none.err)
    assert(!outcomes(none.err).keys.exists(_.startsWith("refused:")), none.err)
    for (args <- Vector(Vector("--balance", "0"), Vector("--balance", "0", "--interpreter", "io"))) {
      val r = CliRun(("trade" +: "--in" +: "-" +: args)*)(dense.commands)
      assertEquals(r.status, 0, r.err)
      assertEquals(lines(r.out), Vector.empty)
      assertEquals(outcomes(r.err), Map("refused:balance" -> updates), r.err)
      assert(r.err.contains(f"Outcomes: refused:balance $updates%,d"), r.err)
    }
  }

  test("refused options: a list where one value is taken, unknown names, a budget over a day") {
    for (
      args <- Vector(
        Vector("--policy", "block,conflate"),
        Vector("--policy", "lifo"),
        Vector("--interpreter", "free"),
        Vector("--strategy", "martingale"),
        Vector("--queue", "0"),
        Vector("--budget", "2d"),
        Vector("--budget", "25h")
      )
    ) {
      val r = CliRun(("trade" +: "--in" +: "-" +: args)*)(dense.commands)
      assertEquals(r.status, 1, s"$args: ${r.err}")
      assert(r.err.nonEmpty && !r.err.contains("Exception"), s"$args: ${r.err}")
      assertEquals(r.out, "", s"$args")
    }
  }

  test("a missing input file is one line and status 1") {
    val r = CliRun("trade", "--in", "no/such/commands.csv")()
    assertEquals(r.status, 1)
    assertEquals(r.err.trim, "mvt: cannot read no/such/commands.csv: no such file or directory")
  }

  tmp.test("a corrupt record in a command log: the decisions of every command before it, then status 2") {
    dir =>
      // 20,000 commands: two whole blocks of 8,192 records, and a corrupt record in the third
      val text = new String(dense.commands, UTF_8)
      val many = Iterator.continually(text.linesIterator).flatten.take(20000).zipWithIndex.map { (line, i) =>
        // fresh ids per copy, so each copy trades as the first did
        val f = line.split(',')
        f(2) = (f(2).toLong + 1000000L * (i / 400)).toString
        f.mkString(",")
      }.mkString("", "\n", "\n").getBytes(UTF_8)
      val batch =
        CommandBatch.readCsv(new java.io.ByteArrayInputStream(many)).fold(e => fail(e.render), identity)
      val bytes = {
        val out = new java.io.ByteArrayOutputStream
        CommandLog.write(batch, out)
        out.toByteArray
      }
      val corruptRecord = 17000
      // the log ends with the trailer; before the commands, one record declares each symbol
      bytes(bytes.length - (batch.size - corruptRecord + 1) * CommandLog.RecordSize) = 9 // an unknown kind
      val log = write(dir, "c.mvtc", bytes)
      val r = CliRun("trade", "--in", log)()
      assertEquals(r.status, 2, r.err)
      val before =
        new String(many, UTF_8).linesIterator.take(corruptRecord).mkString("", "\n", "\n").getBytes(UTF_8)
      assertEquals(lines(r.out), direct(before, spreadCapture))
      assert(
        r.err.linesIterator.exists(l =>
          l.startsWith(s"mvt trade: $log: byte offset ") && l.contains(
            s"record ${batch.symbols.size + corruptRecord}"
          )
        ),
        r.err
      )
      assert(!r.err.contains("Exception"), r.err)
  }

  test("out-of-range sizes and costs are refused with the valid range; unknown names list the known ones") {
    val cases = Vector(
      Vector("--queue", "20000000") -> "1 to 10000000",
      Vector("--lookback", "2000000000") -> "--lookback must be between 1 and 1000000",
      Vector("--cost-us", "1e30") -> "--cost-us must be between 0 and 1000000",
      Vector("--parallelism", "1000") -> "--parallelism must be between 1 and 256",
      Vector("--policy", "lifo") -> "expected unbounded|block|drop-newest|conflate",
      Vector("--interpreter", "free") -> "expected fold|io",
      Vector("--strategy", "martingale") -> "expected spread-capture|momentum|synthetic"
    )
    for ((args, says) <- cases) {
      val r = CliRun(("trade" +: "--in" +: "-" +: args)*)(dense.commands)
      assertEquals(r.status, 1, s"$args: ${r.err}")
      assert(r.err.contains(says), s"$args: ${r.err}")
    }
  }

  tmp.test(
    "--engine chooses the engine: every engine gives the fast one's decisions; an unknown one is refused"
  ) {
    dir =>
      val in = write(dir, "c.csv", dense.commands)
      val want = direct(dense.commands, spreadCapture)
      for (e <- Engine.values) {
        val r = CliRun("trade", "--in", in, "--engine", e.label)()
        assertEquals(r.status, 0, s"${e.label}: ${r.err}")
        assertEquals(lines(r.out), want, e.label)
      }
      val bad = CliRun("trade", "--in", in, "--engine", "turbo")()
      assertEquals(bad.status, 1, bad.err)
      assert(bad.err.contains(s"unknown engine 'turbo' (expected ${Engine.names})"), bad.err)
  }

  test("an option the chosen strategy does not use is refused at parse time, naming both") {
    val cases = Vector(
      Vector("--strategy", "momentum", "--tick", "0.05") -> "--tick is not an option of strategy momentum",
      Vector(
        "--strategy",
        "momentum",
        "--min-spread",
        "4"
      ) -> "--min-spread is not an option of strategy momentum",
      Vector("--strategy", "momentum", "--cost-us", "1") -> "--cost-us is not an option of strategy momentum",
      Vector("--lookback", "5") -> "--lookback is not an option of strategy spread-capture",
      Vector("--strategy", "spread-capture", "--threshold-bps", "5") ->
        "--threshold-bps is not an option of strategy spread-capture",
      Vector("--strategy", "synthetic", "--tick", "0.01") -> "--tick is not an option of strategy synthetic"
    )
    for ((args, says) <- cases) {
      val r = CliRun(("trade" +: "--in" +: "-" +: args)*)(dense.commands)
      assertEquals(r.status, 1, s"$args: ${r.err}")
      assertEquals(r.out, "", s"$args")
      assert(r.err.startsWith("mvt: ") && r.err.contains(says), s"$args: ${r.err}")
    }
    // the strategy's own options, and --qty, are taken
    for (
      args <- Vector(
        Vector("--strategy", "momentum", "--lookback", "3", "--threshold-bps", "2", "--qty", "10"),
        Vector("--tick", "0.01", "--min-spread", "3", "--qty", "10"),
        Vector("--strategy", "synthetic", "--cost-us", "0", "--qty", "10")
      )
    ) {
      val r = CliRun(("trade" +: "--in" +: "-" +: args)*)(dense.commands)
      assertEquals(r.status, 0, s"$args: ${r.err}")
    }
  }
}
