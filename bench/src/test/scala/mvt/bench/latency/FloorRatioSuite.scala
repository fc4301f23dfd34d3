package mvt.bench.latency

/** Ratios to the floor pair each engine row with the floor row of the same rate and round, never another. */
class FloorRatioSuite extends munit.FunSuite {

  // a run whose every latency is `ns`
  private def run(engine: String, rate: Long, round: Int, ns: Long): LatencyResult = {
    val rec = new LatencyRecorder(1000000L)
    (1 to 100).foreach(_ => rec.record(0L, 0L, ns))
    LatencyResult(engine, rate, "direct", rec, round)
  }

  test("within a round and a rate, with the median over rounds") {
    val results = Vector(
      run("none", 1000, 1, 1000),
      run("none", 2000, 1, 4000),
      run("fast", 1000, 1, 2000),
      run("fast", 2000, 1, 2000),
      run("none", 1000, 2, 4000),
      run("none", 2000, 2, 1000),
      run("fast", 1000, 2, 2000),
      run("fast", 2000, 2, 2000),
      run("none", 1000, 3, 2000),
      run("fast", 1000, 3, 3000)
    )
    val ratios = LatencyResult.floorRatios(results, "none")
    val p99 =
      ratios.filter(_.percentile == 99.0).map(r => (r.rate, r.byRound.map(x => math.round(x * 100) / 100.0)))
    assertEquals(p99, Vector(1000L -> Vector(2.0, 0.5, 1.5), 2000L -> Vector(0.5, 2.0)))
    assertEqualsDouble(ratios.find(r => r.rate == 1000 && r.percentile == 99.0).get.median, 1.5, 0.01)
    assertEqualsDouble(ratios.find(r => r.rate == 2000 && r.percentile == 99.0).get.median, 1.25, 0.01)
    assertEquals(LatencyResult.floorRatios(results.filter(_.engine != "none"), "none"), Vector.empty)
  }
}
