package mvt.bench.report

import scala.concurrent.duration.*

/**
 * A short live run against the real served portal (ingest, SQLite, Ember, Server-Sent Events): every stream
 * opens, events arrive and are matched to the trades they reflect, and the JSON carries the figures. No timing
 * is asserted.
 */
class LiveBenchSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 5.minutes

  test("a few streams at a low rate receive events, each matched to a written trade") {
    val config = LiveBench.Config(
      streams = 4,
      rate = 200,
      duration = 3.seconds,
      accounts = 3,
      symbols = 2,
      httpThreads = 1
    )
    val r = LiveBench.run(config, _ => ())
    assertEquals(r.opened, 4)
    assert(r.trades > 0, s"no trades written: $r")
    assert(r.events > 0, "no event matched to a trade")
    assertEquals(r.newest.getTotalCount, r.events, "every matched event has a delay")
    // a stream sees several events over three seconds of trades on every account, so later ones have a first unshown trade
    assert(r.oldest.getTotalCount > 0, "no event after a stream's first")
    assert(r.oldest.getTotalCount <= r.events)
    // the delays are measured from a write before the event: never negative, and the table and JSON say them
    assert(r.newest.getMinValue >= 0L)
    val json = LiveBench.json(r)
    assertEquals(json.hcursor.downField("events").as[Long].toOption, Some(r.events))
    assertEquals(json.hcursor.downField("newest").downField("p99Nanos").as[Long].toOption.isDefined, true)
    assert(LiveBench.table(r).contains("newest"))
  }
}
