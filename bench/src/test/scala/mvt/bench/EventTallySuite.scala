package mvt.bench

import mvt.core.{EventCounter, EventSink, OrderId, Price, Quantity, RejectReason, Side, Symbol}
import mvt.orderbook.{Engine, Exchange}
import mvt.workload.{ProfileGenerator, WorkloadProfile}

/** The benchmarks' sink counts what the digesting `EventCounter` counts, kind by kind, with the traded volume. */
class EventTallySuite extends munit.FunSuite {

  // both sinks see every event, in order
  private final class Both(a: EventSink, b: EventSink) extends EventSink {
    def added(s: Symbol, id: OrderId, side: Side, p: Price, q: Quantity): Unit = {
      a.added(s, id, side, p, q); b.added(s, id, side, p, q)
    }
    def executed(s: Symbol, buy: OrderId, sell: OrderId, p: Price, q: Quantity, aggressor: Side): Unit = {
      a.executed(s, buy, sell, p, q, aggressor); b.executed(s, buy, sell, p, q, aggressor)
    }
    def canceled(s: Symbol, id: OrderId, q: Quantity): Unit = { a.canceled(s, id, q); b.canceled(s, id, q) }
    def cancelRejected(s: Symbol, id: OrderId): Unit = { a.cancelRejected(s, id); b.cancelRejected(s, id) }
    def rejected(s: Symbol, id: OrderId, r: RejectReason): Unit = {
      a.rejected(s, id, r); b.rejected(s, id, r)
    }
    def expired(s: Symbol, id: OrderId, q: Quantity): Unit = { a.expired(s, id, q); b.expired(s, id, q) }
    def modified(s: Symbol, id: OrderId, side: Side, p: Price, q: Quantity): Unit = {
      a.modified(s, id, side, p, q); b.modified(s, id, side, p, q)
    }
    def modifyRejected(s: Symbol, id: OrderId, r: RejectReason): Unit = {
      a.modifyRejected(s, id, r); b.modifyRejected(s, id, r)
    }
  }

  for (profile <- WorkloadProfile.all)
    test(s"${profile.name}: the tally's total and volume are the counter's") {
      val batch = ProfileGenerator.generate(profile, 20000, 5L).batch
      val tally = new EventTally
      val counter = new EventCounter
      batch.replay(new Exchange(Engine.Fast, new Both(tally, counter)))
      assert(counter.executed > 0 && counter.canceled > 0, counter.byKind)
      assertEquals(tally.total, counter.total)
      assertEquals(tally.tradedVolume, counter.executedQty)
    }
}
