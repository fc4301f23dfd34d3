package mvt.bench

import mvt.core.EventCounter
import mvt.orderbook.{Engine, Exchange}
import mvt.workload.{ProfileGenerator, WorkloadProfile}

/**
 * The limit gauge does the fast engine's structural work on the same stream: at every point the orders it keeps
 * resting are exactly the exchange's, and it counts one operation per rest, complete fill and live cancel.
 */
class LimitGaugeSuite extends munit.FunSuite {

  for (profile <- WorkloadProfile.all) {
    test(s"${profile.name}: the gauge's resting orders are the exchange's, command by command") {
      val batch = ProfileGenerator.generate(profile, 30000, 23L).batch
      val gauge = new LimitGauge(LimitGauge.planOf(batch))
      val events = new EventCounter
      val exchange = new Exchange(Engine.Fast, events)
      val gaugeBooks = batch.books(gauge)
      val books = batch.books(exchange)
      var i = 0
      while (i < batch.size) {
        batch.replayInto(gauge, gaugeBooks, i, i + 1)
        batch.replayInto(exchange, books, i, i + 1)
        if (!batch.isTime(i))
          assertEquals(
            gauge.isLive(batch.id(i)),
            exchange.isLive(mvt.core.OrderId(batch.id(i))),
            s"command $i"
          )
        if (i % 997 == 0) assertEquals(gauge.liveCount, exchange.liveOrderCount, s"command $i")
        i += 1
      }
      assertEquals(gauge.position, batch.size)
      assertEquals(gauge.liveCount, exchange.liveOrderCount)
      assert(gauge.liveCount > 0 && gauge.operations > batch.size / 4, s"${gauge.operations} operations")
    }
  }

  test("the plan is made once per stream and reused by later instances") {
    val batch = ProfileGenerator.generate(WorkloadProfile.volatile, 2000, 5L).batch
    assert(LimitGauge.planOf(batch) eq LimitGauge.planOf(batch))
    val other = ProfileGenerator.generate(WorkloadProfile.volatile, 2000, 6L).batch
    assert(LimitGauge.planOf(other) ne LimitGauge.planOf(batch))
  }

  test("through BenchEngine: a fresh gauge per replay, the same operations each time") {
    val batch = ProfileGenerator.generate(WorkloadProfile.normal, 5000, 9L).batch
    val first = BenchEngine.Limit.replay(batch)
    assert(first > 0)
    assertEquals(BenchEngine.Limit.replay(batch), first)
    assertEquals(BenchEngine.parse("limit"), Some(BenchEngine.Limit))
  }
}
