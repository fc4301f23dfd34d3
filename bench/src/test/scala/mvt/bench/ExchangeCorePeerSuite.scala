package mvt.bench

import mvt.bench.peer.ExchangeCorePeer
import mvt.orderbook.{Engine, Exchange}
import mvt.workload.{ProfileGenerator, WorkloadProfile}

class ExchangeCorePeerSuite extends munit.FunSuite {

  for (
    profile <- Vector(WorkloadProfile.normal, WorkloadProfile.volatile, WorkloadProfile.crossing);
    kind <- ExchangeCorePeer.Kind.values
  )
    test(s"${kind.label} sees the same trades and volume per symbol as fast, on ${profile.name}") {
      val batch = ProfileGenerator.generate(profile, 60000, 17L).batch
      val ours = new TradeTally
      batch.replay(new Exchange(Engine.Fast, ours))
      // prices go over in ticks: each symbol's tick is a whole number of raw units above one
      assert(ExchangeCorePeer.ticksOf(batch).forall(_ > 1L), ExchangeCorePeer.ticksOf(batch).mkString(","))
      val peer = ExchangeCorePeer.forBatch(kind, batch)
      peer.replay(batch)
      peer.validate()
      var total = 0L
      batch.symbols.zipWithIndex.foreach { (s, i) =>
        assertEquals((peer.trades(i), peer.volume(i)), ours.of(s), s.name)
        total += peer.trades(i)
      }
      assert(total > 1000, s"only $total trades: the stream does not exercise matching")
    }

  for (kind <- ExchangeCorePeer.Kind.values)
    test(s"${kind.label} sees the same trades as fast on exchange-core's own mix (IOC, moves)") {
      val batch = ProfileGenerator.generate(WorkloadProfile.exchangeCore, 60000, 17L).batch
      val ours = new TradeTally
      batch.replay(new Exchange(Engine.Fast, ours))
      val peer = ExchangeCorePeer.forBatch(kind, batch)
      peer.replay(batch)
      peer.validate()
      val s = batch.symbols.head
      assertEquals((peer.trades(0), peer.volume(0)), ours.of(s))
      assert(peer.trades(0) > 200, s"only ${peer.trades(0)} trades")
    }

  test("a modify maps to a reduce (same price, less), a move (new price) or both, as our engine reads it") {
    val peer = new ExchangeCorePeer(ExchangeCorePeer.Kind.Direct, 1)
    peer.add(0, 1, buy = true, price = 100L, qty = 10L)
    peer.add(0, 2, buy = true, price = 100L, qty = 10L)
    peer.modify(0, 1, price = 100L, qty = 4L) // in place: order 1 keeps its place ahead of order 2
    peer.add(0, 3, buy = false, price = 100L, qty = 4L)
    assertEquals((peer.trades(0), peer.volume(0)), (1L, 4L)) // order 1 filled completely
    peer.modify(0, 2, price = 110L, qty = 10L) // a bid moved up: crosses nothing
    peer.add(0, 4, buy = false, price = 105L, qty = 3L)
    assertEquals((peer.trades(0), peer.volume(0)), (2L, 7L))
    peer.modify(0, 2, price = 120L, qty = 5L) // reduce and move
    peer.add(0, 5, buy = false, price = 120L, qty = 9L)
    assertEquals((peer.trades(0), peer.volume(0)), (3L, 12L))
    peer.add(0, 6, buy = true, price = 120L, qty = 20L, mvt.core.TimeInForce.Ioc) // takes the 4 left, expires
    assertEquals((peer.trades(0), peer.volume(0)), (4L, 16L))
    peer.validate()
  }

  test("the adapter skips adds our engine rejects for range, and unknown cancels change nothing") {
    val peer = new ExchangeCorePeer(ExchangeCorePeer.Kind.Direct, 1)
    peer.add(0, 1, buy = false, price = 0L, qty = 10L)
    peer.add(0, 2, buy = false, price = 100L, qty = 0L)
    peer.cancel(0, 99L)
    peer.add(0, 3, buy = true, price = 100L, qty = 10L)
    assertEquals(peer.trades(0), 0L)
    peer.add(0, 4, buy = false, price = 100L, qty = 4L)
    assertEquals((peer.trades(0), peer.volume(0)), (1L, 4L))
    peer.validate()
  }
}
