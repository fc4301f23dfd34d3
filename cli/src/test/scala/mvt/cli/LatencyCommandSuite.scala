package mvt.cli

/** `mvt bench latency` end to end on a tiny run: rows, the floor and the JSON keys. Never timed. */
class LatencyCommandRunSuite extends munit.FunSuite {

  test("--floor adds a no-engine row per rate, before the engines, in the table and the JSON") {
    val (r, text) = CliRun.withJson(
      "bench",
      "latency",
      "--engine",
      "fast,lazy-cancel",
      "--rates",
      "20000,40000",
      "--duration",
      "0.05",
      "--floor",
      "--naive"
    )
    val rows = rowsOf(r.out)
    assertEquals(
      rows.map(c => (c(0), c(1))),
      Vector(
        "none" -> "20000",
        "none" -> "40000",
        "fast" -> "20000",
        "fast" -> "40000",
        "lazy-cancel" -> "20000",
        "lazy-cancel" -> "40000"
      )
    )
    val results = JsonDoc.array(JsonDoc(text), "results")
    assertEquals(results.count(JsonDoc.string(_, "engine").contains("none")), 2, text)
    for (
      key <-
        Seq("p50Ns", "p99Ns", "p999Ns", "p9999Ns", "maxNs", "meanNs", "naiveP99Ns", "count", "lateShare")
    )
      assert(results.nonEmpty && results.forall(JsonDoc.has(_, key)), s"$key missing from $text")
    // every command of every run is counted: 0.05 s at 20,000/s and at 40,000/s
    assertEquals(results.count(JsonDoc.long(_, "count").contains(1000L)), 3, text)
    assertEquals(results.count(JsonDoc.long(_, "count").contains(2000L)), 3, text)
  }

  // a 0.05 s run of fast at 20,000/s with `extra` options
  private def tinyRun(extra: String*) =
    CliRun(Seq("bench", "latency", "--engine", "fast", "--rates", "20000", "--duration", "0.05") ++ extra*)()

  // the table's rows, as columns
  private def rowsOf(out: String): Vector[Vector[String]] =
    out.linesIterator.map(_.trim.split(" +").toVector).filter(c =>
      c.lift(2).contains("direct") && c(1).forall(_.isDigit)
    ).toVector

  test("--orders-per-book pre-sizes our books, says so, and is refused outside 1 to 2^24") {
    val r = tinyRun("--orders-per-book", "4096")
    assertEquals(r.status, 0, r.err)
    assert(r.out.contains("Our books pre-sized for 4,096 resting orders each"), r.out)
    assert(r.out.linesIterator.exists(_.trim.startsWith("fast ")), r.out)
    for (bad <- Seq("0", "-3", "16777217")) {
      val refused =
        CliRun("bench", "latency", "--engine", "fast", "--rates", "20000", "--orders-per-book", bad)()
      assertEquals(refused.status, 1, refused.err)
      assert(refused.err.contains("--orders-per-book must be between 1 and 16,777,216"), refused.err)
    }
  }

  test(
    "--rounds repeats the sweep, numbers each row's round, and gives each engine's ratio to the floor by round"
  ) {
    val r = tinyRun("--floor", "--rounds", "3")
    assertEquals(r.status, 0, r.err)
    val rows = rowsOf(r.out)
    // rounds one after the other, the floor first in each, the round in the last column
    assertEquals(
      rows.map(c => (c(0), c.last)),
      Vector("none" -> "1", "fast" -> "1", "none" -> "2", "fast" -> "2", "none" -> "3", "fast" -> "3")
    )
    val p99 =
      r.out.linesIterator.find(_.contains("fast at 20000/s: p99 over the floor's")).getOrElse(fail(r.out))
    assert(
      p99.matches(
        ".*floor's [0-9.]+x, [0-9.]+x, [0-9.]+x; median [0-9.]+x; late starts [0-9.]+%, the floor's [0-9.]+%"
      ),
      p99
    )
    assert(r.out.contains("fast at 20000/s: p99.9 over the floor's"), r.out)
    val refused = CliRun("bench", "latency", "--engine", "fast", "--rates", "20000", "--rounds", "0")()
    assertEquals(refused.status, 1, refused.err)
    assert(refused.err.contains("--rounds must be between 1 and 20"), refused.err)
  }

  test("--handoff batch runs every subject through the batching driver and says so") {
    val r = tinyRun("--handoff", "batch", "--floor")
    assertEquals(r.status, 0, r.err)
    assert(r.out.contains("Open loop, batch handoff"), r.out)
    val rows =
      r.out.linesIterator.map(_.trim.split(" +").toVector).filter(c =>
        c.lift(2).contains("batch") && c(1).forall(_.isDigit)
      ).toVector
    assertEquals(rows.map(c => (c(0), c(1))), Vector("none" -> "20000", "fast" -> "20000"))
  }
}
