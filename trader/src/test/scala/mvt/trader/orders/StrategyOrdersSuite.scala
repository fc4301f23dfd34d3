package mvt.trader
package orders

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import org.scalacheck.{Gen, Prop}

import scala.collection.mutable.ArrayBuffer

class StrategyOrdersSuite extends munit.ScalaCheckSuite {
  private val Acme = Symbol.unsafe("ACME")
  private val Me = Account(99)
  private def p(s: String) = Price.unsafe(s)
  private def at(s: Long) = Timestamp.fromEpochNanos(s * 1000000000L)

  // a day whose trade feed is kept, with the strategy's fills passed to `orders`
  private final class Fixture(rules: OrderRules) {
    val trades = ArrayBuffer.empty[(Long, Long, Long, Long, Long)] // time, price, qty, buy id, sell id
    // fills in which the strategy's order was the aggressor (took liquidity)
    var took = 0
    val orders = new StrategyOrders(rules)
    val sink: TradeSink = (
        t: Timestamp,
        _: Symbol,
        pr: Price,
        q: Quantity,
        b: OrderId,
        _: Account,
        s: OrderId,
        _: Account,
        a: Side
    ) => {
      trades += ((t.epochNanos, pr.raw, q.units, b.value, s.value))
      if (StrategyIds.isStrategy(if (a.isBuy) b.value else s.value)) took += 1
      if (StrategyIds.isStrategy(b.value)) orders.filled(b.value, q.units)
      if (StrategyIds.isStrategy(s.value)) orders.filled(s.value, q.units)
    }
    val day = new TradingDay(Engine.Fast, EventSink.Ignore, Some(sink), None)
    // the day's own venue, keeping what reached it: `add <tif>`, `modify` or `cancel`
    val sent = ArrayBuffer.empty[String]
    val venue: OrderVenue = new OrderVenue {
      private val to = OrderVenue.of(day)
      def now: Timestamp = to.now
      def time(at: Timestamp): Unit = to.time(at)
      def add(b: Int, id: OrderId, side: Side, price: Price, qty: Quantity, a: Account, tif: TimeInForce)
          : Unit = {
        sent += s"add ${tif.render}"; to.add(b, id, side, price, qty, a, tif)
      }
      def cancel(b: Int, id: OrderId): Unit = { sent += "cancel"; to.cancel(b, id) }
      def modify(b: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
        sent += "modify"; to.modify(b, id, price, qty)
      }
      def isLive(id: OrderId): Boolean = to.isLive(id)
      def restingQty(id: OrderId): Long = to.restingQty(id)
    }
    val book = day.bookOf(Acme)
    def bbo = BboUpdated.fromRaw(
      Acme,
      day.exchange.bestPrice(book, Side.Buy),
      day.exchange.bestQty(book, Side.Buy),
      day.exchange.bestPrice(book, Side.Sell),
      day.exchange.bestQty(book, Side.Sell)
    )
    def decide(side: Side, price: String, qty: Long, tif: TimeInForce = TimeInForce.Gtc) =
      orders.decide(day.now, book, bbo, Decision(Acme, side, p(price), Quantity(qty), tif))
  }

  test(
    "a modify decided while its add is still on the way leaves the add as decided: a fill between them closes the order, and nothing of it rests untracked"
  ) {
    val f = new Fixture(OrderRules(Me, 2L, 1000))
    f.decide(Side.Buy, "9.99", 30, TimeInForce.Post) // the add, due at 2
    f.day.time(Timestamp.fromEpochNanos(1L))
    f.decide(Side.Buy, "9.98", 100, TimeInForce.Post) // a modify of it, due at 3
    f.orders.deliver(2L, f.venue)
    assertEquals(f.sent.toList, List("add POST"))
    assertEquals(f.day.exchange.restingQty(OrderId(StrategyIds.First)), 30L, "the add as it was decided")
    // a sell of 60 takes all 30 of ours; the modify then finds nothing to move
    f.day.add(f.book, OrderId(1), Side.Sell, p("9.98"), Quantity(60), Account(1))
    assertEquals(f.orders.position(f.book), 30L)
    f.orders.deliver(3L, f.venue)
    assertEquals(f.sent.toList, List("add POST"))
    assertEquals(f.day.exchange.restingQty(OrderId(StrategyIds.First)), 0L)
    assertEquals(f.orders.openOrders, 0)
  }

  test("an order reaches the engine its latency after the decision, at its due instant, with a strategy id") {
    val f = new Fixture(OrderRules(Me, 2000000000L, 1000))
    f.day.time(at(10))
    f.day.add(f.book, OrderId(1), Side.Sell, p("10"), Quantity(100), Account(1))
    f.decide(Side.Buy, "10", 40)
    assertEquals(f.orders.nextDue, at(12).epochNanos)
    f.orders.deliver(at(11).epochNanos, f.venue)
    assertEquals(f.trades.size, 0, "not due yet")
    f.orders.deliver(at(12).epochNanos, f.venue)
    assertEquals(f.trades.toList, List((at(12).epochNanos, p("10").raw, 40L, StrategyIds.First, 1L)))
    assertEquals(f.day.now, at(12))
    assertEquals(f.orders.position(f.book), 40L)
  }

  test("a decision for the same side and price keeps the working order; another side replaces it") {
    val f = new Fixture(OrderRules(Me, 0L, 1000))
    f.day.add(f.book, OrderId(1), Side.Sell, p("10.10"), Quantity(100), Account(1))
    f.day.add(f.book, OrderId(2), Side.Buy, p("9.90"), Quantity(100), Account(1))
    f.decide(Side.Buy, "9.95", 10)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.orders.ordersIssued, 1)
    f.decide(Side.Buy, "9.95", 10)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.orders.ordersIssued, 1, "same order kept")
    // ours is the best bid: a higher bid would only outbid ourselves
    f.decide(Side.Buy, "9.96", 10)
    assertEquals(f.orders.ordersIssued, 1, "does not outbid itself")
    f.decide(Side.Sell, "10.05", 10)
    assertEquals(f.orders.inFlight, 2, "a cancel, then the new order")
    f.orders.deliver(0L, f.venue)
    assert(!f.day.exchange.isLive(OrderId(StrategyIds.First)))
    assert(f.day.exchange.isLive(OrderId(StrategyIds.First + 1)))
    assertEquals(f.orders.openOrders, 1)
  }

  test("the quantity is cut to the position limit, counting open orders as if they filled") {
    val f = new Fixture(OrderRules(Me, 0L, 150))
    f.day.add(f.book, OrderId(1), Side.Sell, p("10"), Quantity(1000), Account(1))
    f.decide(Side.Buy, "10", 100)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.orders.position(f.book), 100L)
    f.decide(Side.Buy, "9", 100) // rests: only 50 of room
    f.orders.deliver(0L, f.venue)
    assertEquals(f.trades.size, 1)
    f.decide(Side.Buy, "10", 100) // replaces the resting 50; the old one counts until its cancel lands
    f.orders.deliver(0L, f.venue)
    assertEquals(f.orders.position(f.book), 100L, "no room while the old order was open")
    f.decide(Side.Buy, "10", 100)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.orders.position(f.book), 150L)
  }

  property(
    "whatever the decisions (any time in force, modifies among them) and the flow, the position stays within the limit and the close-out ends flat"
  ) {
    val step = for {
      kind <- Gen.choose(0, 2)
      buy <- Gen.oneOf(true, false)
      ticks <- Gen.choose(95, 105)
      qty <- Gen.choose(1L, 300L)
      tif <- Gen.oneOf(TimeInForce.values)
    } yield (kind, buy, ticks, qty, tif)
    Prop.forAll(Gen.listOfN(200, step), Gen.choose(1L, 400L), Gen.choose(0L, 3L)) { (steps, max, latency) =>
      val f = new Fixture(OrderRules(Me, latency, max))
      var id = 1L
      var clock = 0L
      var worst = 0L
      steps.foreach { (kind, buy, ticks, qty, tif) =>
        val price = Price.fromRaw(ticks * 10000000L)
        val side = if (buy) Side.Buy else Side.Sell
        kind match {
          case 0 => f.day.add(f.book, OrderId(id), side, price, Quantity(qty), Account(1)); id += 1
          case 1 => f.orders.decide(f.day.now, f.book, f.bbo, Decision(Acme, side, price, Quantity(qty), tif))
          case _ =>
            clock += 1
            f.orders.deliver(clock, f.venue)
            f.day.time(Timestamp.fromEpochNanos(clock))
        }
        worst = math.max(worst, math.abs(f.orders.position(f.book)))
      }
      // deep liquidity on both sides so the close-out can trade out
      f.day.add(f.book, OrderId(id), Side.Buy, p("1"), Quantity(100000), Account(1))
      f.day.add(f.book, OrderId(id + 1), Side.Sell, p("1000"), Quantity(100000), Account(1))
      f.orders.closeOut(f.venue)
      assert(worst <= max, s"position $worst over the limit $max")
      assertEquals(f.orders.position(f.book), 0L)
      assertEquals(f.orders.openOrders, 0)
      assertEquals(f.orders.inFlight, 0)
      f.day.exchange.checkInvariants()
    }
  }

  test(
    "spread capture quotes post-only and moves its quote with modify; a move that would cross is refused"
  ) {
    val f = new Fixture(OrderRules(Me, 0L, 1000))
    val strategy = new mvt.trader.strategy.SpreadCaptureStrategy(Price.unsafe("0.01").raw, 2, Quantity(100))
    def quote(): Unit = {
      strategy.decide(f.bbo).foreach(d => f.orders.decide(f.day.now, f.book, f.bbo, d))
      f.orders.deliver(0L, f.venue)
    }
    val mine = OrderId(StrategyIds.First)
    f.day.add(f.book, OrderId(1), Side.Sell, p("10.10"), Quantity(100), Account(1))
    f.day.add(f.book, OrderId(2), Side.Buy, p("9.90"), Quantity(200), Account(1))
    quote() // bids one tick inside: 9.91
    assertEquals(f.sent.toList, List("add POST"))
    assertEquals(f.day.exchange.restingQty(mine), 100L)
    f.day.add(f.book, OrderId(3), Side.Buy, p("9.95"), Quantity(300), Account(1))
    quote() // outbid: moves to 9.96, same order
    assertEquals(f.sent.toList, List("add POST", "modify"))
    assertEquals(f.orders.ordersIssued, 1)
    assertEquals(f.day.exchange.bestPrice(f.book, Side.Buy), p("9.96").raw)
    assertEquals(f.day.exchange.restingQty(mine), 100L)
    assertEquals(f.orders.openOrders, 1)
    // a move onto the ask: refused by the engine, the order stays where it was and still counts
    f.decide(Side.Buy, "10.10", 100, TimeInForce.Post)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.sent.last, "modify")
    assertEquals(f.day.exchange.bestPrice(f.book, Side.Buy), p("9.96").raw)
    assertEquals(f.day.exchange.restingQty(mine), 100L)
    assertEquals(f.orders.openOrders, 1)
    assertEquals(f.trades.size, 0, "a post-only quote never takes")
    // the other side presses: a cancel and a new post-only offer
    f.day.add(f.book, OrderId(4), Side.Sell, p("10.00"), Quantity(1000), Account(1))
    quote()
    assertEquals(f.sent.toList.takeRight(2), List("cancel", "add POST"))
    assert(!f.day.exchange.isLive(mine))
    assertEquals(f.day.exchange.bestPrice(f.book, Side.Sell), p("9.99").raw)
    f.day.exchange.checkInvariants()
  }

  test(
    "a quote moved by modify counts its new quantity; filled, it is closed and the next decision is a new order"
  ) {
    val f = new Fixture(OrderRules(Me, 0L, 1000))
    f.day.add(f.book, OrderId(1), Side.Sell, p("10.10"), Quantity(100), Account(1))
    f.decide(Side.Buy, "9.90", 50, TimeInForce.Post)
    f.orders.deliver(0L, f.venue)
    f.day.add(f.book, OrderId(9), Side.Buy, p("9.92"), Quantity(10), Account(1))
    f.decide(Side.Buy, "9.95", 80, TimeInForce.Post) // outbid: moves up with more quantity
    f.orders.deliver(0L, f.venue)
    assertEquals(f.sent.toList, List("add POST", "modify"))
    assertEquals(f.day.exchange.restingQty(OrderId(StrategyIds.First)), 80L)
    // the order is taken from: 30 left, then a sell at 9.95 takes it all
    f.day.add(f.book, OrderId(2), Side.Sell, p("9.95"), Quantity(50), Account(1))
    assertEquals(f.orders.position(f.book), 50L)
    f.day.add(f.book, OrderId(3), Side.Sell, p("9.95"), Quantity(30), Account(1))
    assertEquals(f.orders.position(f.book), 80L)
    assertEquals(f.orders.openOrders, 0)
    // a decision now is a new order (its predecessor is gone), not a modify of it
    f.decide(Side.Buy, "9.90", 10, TimeInForce.Post)
    f.orders.deliver(0L, f.venue)
    assertEquals(f.sent.toList, List("add POST", "modify", "add POST"))
  }

  property("spread capture, at any latency and on any flow, never takes liquidity before the close-out") {
    val step = for {
      buy <- Gen.oneOf(true, false)
      ticks <- Gen.choose(990, 1010)
      qty <- Gen.choose(1L, 300L)
      cancel <- Gen.choose(0, 3)
    } yield (buy, ticks, qty, cancel)
    Prop.forAll(Gen.listOfN(300, step), Gen.choose(0L, 3L)) { (steps, latency) =>
      val f = new Fixture(OrderRules(Me, latency, 500))
      val strategy = new mvt.trader.strategy.SpreadCaptureStrategy(Price.unsafe("0.01").raw, 2, Quantity(100))
      var id = 1L
      var clock = 0L
      steps.foreach { (buy, ticks, qty, cancel) =>
        // the flow: mostly adds, some cancels of an earlier order
        if (cancel == 0 && id > 1) f.day.cancel(f.book, OrderId(1 + (ticks % (id - 1))))
        else {
          f.day.add(
            f.book,
            OrderId(id),
            if (buy) Side.Buy else Side.Sell,
            Price.fromRaw(ticks * 1000000L),
            Quantity(qty),
            Account(1)
          )
          id += 1
        }
        strategy.decide(f.bbo).foreach(d => f.orders.decide(f.day.now, f.book, f.bbo, d))
        clock += 1
        f.orders.deliver(clock, f.venue)
        f.day.time(Timestamp.fromEpochNanos(clock))
        assert(math.abs(f.orders.position(f.book)) <= 500L)
      }
      assertEquals(f.took, 0)
      assert(f.sent.forall(c => c != "add GTC" && c != "add IOC"), f.sent.toString)
      f.day.exchange.checkInvariants()
    }
  }

  // a remote venue: it records what it is sent and answers a modify only when the test says so
  private final class Remote extends OrderVenue {
    val sent = ArrayBuffer.empty[String]
    def now: Timestamp = Timestamp.Epoch
    def time(at: Timestamp): Unit = ()
    def add(
        b: Int,
        id: OrderId,
        side: Side,
        price: Price,
        qty: Quantity,
        a: Account,
        tif: TimeInForce
    ): Unit =
      sent += s"add ${tif.render} ${price.render} ${qty.units}"
    def cancel(b: Int, id: OrderId): Unit = sent += "cancel"
    def modify(b: Int, id: OrderId, price: Price, qty: Quantity): Unit =
      sent += s"modify ${price.render} ${qty.units}"
    override def amendsLater: Boolean = true
    def isLive(id: OrderId): Boolean = true
    def restingQty(id: OrderId): Long = fail("a remote venue is never asked what rests")
  }

  private def quote(o: StrategyOrders, v: Remote, price: String, qty: Long, bid: String): Unit = {
    val e = BboUpdated.fromRaw(Acme, p(bid).raw, 10L, p("10.05").raw, 10L)
    o.decide(Timestamp.Epoch, 0, e, Decision(Acme, Side.Buy, p(price), Quantity(qty), TimeInForce.Post))
    o.deliver(Long.MaxValue, v)
  }

  test(
    "a venue that answers a modify later: until its answer the modify counts on top of what the order has"
  ) {
    val o = new StrategyOrders(OrderRules(Me, 0L, 100L))
    val v = new Remote
    quote(o, v, "9.99", 60L, bid = "9.98")
    quote(o, v, "10.00", 60L, bid = "10.01") // the limit leaves 40 beside the open 60
    // in flight: 60 open and 40 on their way leave nothing, so a new price only cancels
    quote(o, v, "10.01", 60L, bid = "10.02")
    assertEquals(v.sent.toVector, Vector("add POST 9.99 60", "modify 10 40", "cancel"))
    o.amended(StrategyIds.First, p("10.00").raw, 40L, 40L) // answered after the cancel left: it stays closed
    assertEquals(o.openOrders, 0)
    quote(o, v, "10.00", 100L, bid = "10.01")
    assertEquals(v.sent.last, "add POST 10 100") // the whole limit is free again
  }

  test(
    "a venue that answers a modify later: applied, the order counts what rests; refused, it stays where it was"
  ) {
    val o = new StrategyOrders(OrderRules(Me, 0L, 100L))
    val v = new Remote
    quote(o, v, "9.99", 60L, bid = "9.98")
    quote(o, v, "10.00", 60L, bid = "10.01")
    o.amended(StrategyIds.First, p("10.00").raw, 40L, 40L)
    quote(o, v, "10.02", 100L, bid = "10.03") // 40 rest: 60 left under the limit
    o.amendRefused(StrategyIds.First, 60L)
    // refused: the strategy's view goes back to 10.00, where the venue has it, so a quote there keeps it
    quote(o, v, "10.00", 100L, bid = "10.03")
    assertEquals(v.sent.toVector, Vector("add POST 9.99 60", "modify 10 40", "modify 10.02 60"))
    o.filled(StrategyIds.First, 40L)
    assertEquals((o.position(0), o.openOrders), (40L, 0))
  }
}
