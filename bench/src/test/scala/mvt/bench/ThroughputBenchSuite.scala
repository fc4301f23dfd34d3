package mvt.bench

/** The throughput report's ratios and per-command figures: never NaN or Infinity, whatever the passes. */
class ThroughputBenchSuite extends munit.FunSuite {
  import ThroughputBench.EngineResult

  private def result(engine: String, commands: Int, nanos: Long, allocated: Long, decodeNanos: Long) =
    EngineResult(engine, commands, Vector(PassResult(nanos, commands.toLong, allocated, 0L, 0L)), decodeNanos)

  private def assertFinite(text: String)(using munit.Location): Unit =
    assert(!text.contains("NaN") && !text.contains("Infinity"), text)

  test("ratio: none for a zero, negative or non-finite divisor, or a non-finite quotient") {
    assertEquals(ThroughputBench.ratio(3.0, 2.0), Some(1.5))
    assertEquals(ThroughputBench.ratio(0.0, 0.0), None)
    assertEquals(ThroughputBench.ratio(1.0, -1.0), None)
    assertEquals(ThroughputBench.ratio(Double.NaN, 1.0), None)
    assertEquals(ThroughputBench.ratio(1.0, Double.NaN), None)
    assertEquals(ThroughputBench.ratio(Double.PositiveInfinity, 1.0), None)
  }

  test("a run of no commands: no NaN ratio and no bytes per command, in the table and the JSON") {
    val results = Vector(result("fast", 0, 0L, 33232L, 0L), result("list", 0, 5L, 100L, 0L))
    val table = ThroughputBench.table(results)
    assertFinite(table)
    assert(!table.contains("33232"), table)
    val json = ThroughputBench.json(results, Vector(0 -> results.head), "file: empty")
    assertFinite(json)
    val doc = io.circe.parser.parse(json).fold(e => fail(s"not JSON: $e\n$json"), identity)
    val records = doc.hcursor.downField("engines").values.toVector.flatten ++
      doc.hcursor.downField("sweep").values.toVector.flatten.flatMap(_.hcursor.downField("result").focus)
    assertEquals(records.size, 3, json)
    records.foreach(r => assert(r.hcursor.downField("bytesPerCommand").focus.exists(_.isNull), json))
  }

  test("a normal run keeps its figures: the ratio against fast and bytes per command") {
    val results =
      Vector(result("fast", 1000, 1000000L, 64000L, 100000L), result("list", 1000, 2000000L, 8000L, 0L))
    val table = ThroughputBench.table(results)
    assert(table.contains("1.000x") && table.contains("0.500x"), table)
    assert(table.contains("64.0") && table.contains("8.0"), table)
    assert(table.contains("10.0x what fast consumes"), table)
    assertEquals(results.map(_.bytesPerCommand), Vector(Some(64.0), Some(8.0)))
  }

  test("with the limit gauge: every row's ratio to it, and fast's distance in ratio and nanoseconds") {
    val results = Vector(
      result("fast", 1000, 1000000L, 0L, 100000L), // 1 M/s: 1,000 ns a command
      result("limit", 1000, 250000L, 0L, 0L) // 4 M/s: 250 ns a command
    )
    val table = ThroughputBench.table(results)
    assert(table.contains("vs limit"), table)
    assert(table.contains("0.250x") && table.contains("1.000x"), table)
    assert(table.contains("fast runs at 0.250x of 4.00 M commands/s, 750.0 ns a command above it"), table)
    val doc = io.circe.parser.parse(ThroughputBench.json(results, Vector.empty, "t")).toOption.get
    val vs =
      doc.hcursor.downField("engines").values.toVector.flatten.map(_.hcursor.get[Double]("vsLimit").toOption)
    assertEquals(vs, Vector(Some(0.25), Some(1.0)))
  }

  test("without the limit gauge: no limit column and no distance line") {
    val table = ThroughputBench.table(Vector(result("fast", 1000, 1000000L, 0L, 100000L)))
    assert(!table.contains("limit"), table)
  }
}
