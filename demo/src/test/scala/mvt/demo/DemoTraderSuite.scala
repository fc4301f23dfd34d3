package mvt.demo

import mvt.trader.strategy.*

import mvt.core.EventSink
import mvt.orderbook.Engine
import mvt.trader.*
import mvt.workload.{ProfileGenerator, WorkloadProfile}

/** The demo's trader leg processes every update of the session and decides as the strategy does directly. */
class DemoTraderSuite extends munit.FunSuite {

  test("every BBO update is processed once, and the decisions are those of the strategy applied to each") {
    val batch = ProfileGenerator.generate(WorkloadProfile.normal, 200000, 7L).batch
    val (summary, decisions) = DemoTrader.run(batch)
    // reference: the same tracker and strategy with no queue or pipeline in between
    val strategy = new SpreadCaptureStrategy(mvt.core.Price.unsafe("0.01").raw, 3, mvt.core.Quantity(100))
    var updates = 0L
    var expected = 0L
    val listener: BboListener = (s, bp, bq, ap, aq) => {
      updates += 1
      if (strategy.decide(BboUpdated.fromRaw(s, bp, bq, ap, aq)).isDefined) expected += 1
    }
    val tracker = new BboTracker(Engine.Fast, EventSink.Ignore, listener)
    (0 until batch.size).foreach(i => tracker(batch.command(i)))
    assert(updates > 0)
    assertEquals(summary.updates, updates)
    assertEquals(decisions, expected)
    assertEquals(summary.metrics.processed, updates)
    assertEquals(summary.outcomes.map(_._2).sum, updates)
    assert(DemoTrader.report(summary, decisions).contains(f"$updates%,d"))
  }
}
