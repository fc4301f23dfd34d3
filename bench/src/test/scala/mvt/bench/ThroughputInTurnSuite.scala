package mvt.bench

import mvt.orderbook.Engine
import mvt.workload.{ProfileGenerator, WorkloadProfile}

import java.io.File

/**
 * The throughput run's passes taken in turn: real forked JVMs, one per engine, each measuring a pass when asked; and
 * the ratio of one round's passes, which a change of the machine's speed that reaches both engines leaves alone.
 */
class ThroughputInTurnSuite extends munit.FunSuite {
  import ThroughputBench.{EngineResult, Paired}

  private def result(engine: String, nanos: Long*) =
    EngineResult(engine, 1000, nanos.toVector.map(n => PassResult(n, 1000L, 0L, 0L, 0L)), 0L)

  test("paired: fast over the other engine round by round, so a slow round of both keeps the ratio") {
    // the second round ran on a machine half as fast, for both engines: every round still says 3x
    val fast = result("fast", 100L, 200L, 100L)
    val peer = result("exchange-core-direct", 300L, 600L, 300L)
    assertEquals(ThroughputBench.paired(fast, peer), Some(Paired(3.0, 3.0, 3.0, 3)))
    // medians of each engine alone would pair a fast round with a slow one; the rounds here differ
    val uneven = result("exchange-core-direct", 300L, 400L, 250L)
    assertEquals(ThroughputBench.paired(fast, uneven), Some(Paired(2.5, 2.0, 3.0, 3)))
    val table = ThroughputBench.table(Vector(fast, peer))
    assert(
      table.contains(
        "fast / engine, pass by pass (median, lowest..highest): exchange-core-direct 3.000x (3.000x..3.000x)"
      ),
      table
    )
  }

  test("paired: none without a finite ratio, and no pass-by-pass line in the table") {
    val none = EngineResult("list", 0, Vector(PassResult(5L, 0L, 0L, 0L, 0L)), 0L)
    val fast = EngineResult("fast", 0, Vector(PassResult(0L, 0L, 0L, 0L, 0L)), 0L)
    assertEquals(ThroughputBench.paired(fast, none), None)
    assert(!ThroughputBench.table(Vector(fast, none)).contains("pass by pass"))
  }

  test(
    "forkInTurn: each engine in its own JVM, the passes asked for round by round, every pass the same work"
  ) {
    val batch = ProfileGenerator.generate(WorkloadProfile.exchangeCore, 3000, 5L).batch
    val log = ThroughputBench.tempLog(batch)
    try {
      val engines = Vector(BenchEngine.Ours(Engine.Fast), BenchEngine.Limit)
      val warmed = Vector.newBuilder[String]
      val results = ThroughputBench.forkInTurn(engines, log, 3, e => warmed += e.label)
      assertEquals(warmed.result(), Vector("fast", "limit"))
      assertEquals(results.map(_.engine), Vector("fast", "limit"))
      results.foreach { r =>
        assertEquals(r.commands, 3000, r.toString)
        assertEquals(r.passes.size, 3, r.toString)
        assertEquals(r.passes.map(_.events).distinct.size, 1, s"a replay of the same stream: ${r.passes}")
        assert(r.passes.head.events > 0L && r.decodeNanos > 0L, r.toString)
      }
      assertEquals(ThroughputBench.paired(results(0), results(1)).map(_.rounds), Some(3))
    } finally { val _ = log.delete() }
  }

  test("forkInTurn: a child that cannot start its run is an error that says which engine and why") {
    val missing = new File(System.getProperty("java.io.tmpdir"), s"mvt-no-such-log-${System.nanoTime()}.mvtc")
    val e = intercept[IllegalStateException](
      ThroughputBench.forkInTurn(Vector(BenchEngine.Limit), missing, 2)
    )
    assert(e.getMessage.startsWith("limit run failed (status 1)"), e.getMessage)
    assert(e.getMessage.contains("NoSuchFileException"), e.getMessage)
  }
}
