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
        _: Side
    ) => {
      trades += ((t.epochNanos, pr.raw, q.units, b.value, s.value))
      if (StrategyIds.isStrategy(b.value)) orders.filled(b.value, q.units)
      if (StrategyIds.isStrategy(s.value)) orders.filled(s.value, q.units)
    }
    val day = new TradingDay(Engine.Fast, EventSink.Ignore, Some(sink), None)
    val venue = OrderVenue.of(day)
    val book = day.bookOf(Acme)
    def bbo = BboUpdated.fromRaw(
      Acme,
      day.exchange.bestPrice(book, Side.Buy),
      day.exchange.bestQty(book, Side.Buy),
      day.exchange.bestPrice(book, Side.Sell),
      day.exchange.bestQty(book, Side.Sell)
    )
    def decide(side: Side, price: String, qty: Long) =
      orders.decide(day.now, book, bbo, Decision(Acme, side, p(price), Quantity(qty)))
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
    "whatever the decisions and the flow, the position stays within the limit and the close-out ends flat"
  ) {
    val step = for {
      kind <- Gen.choose(0, 2)
      buy <- Gen.oneOf(true, false)
      ticks <- Gen.choose(95, 105)
      qty <- Gen.choose(1L, 300L)
    } yield (kind, buy, ticks, qty)
    Prop.forAll(Gen.listOfN(200, step), Gen.choose(1L, 400L), Gen.choose(0L, 3L)) { (steps, max, latency) =>
      val f = new Fixture(OrderRules(Me, latency, max))
      var id = 1L
      var clock = 0L
      var worst = 0L
      steps.foreach { (kind, buy, ticks, qty) =>
        val price = Price.fromRaw(ticks * 10000000L)
        val side = if (buy) Side.Buy else Side.Sell
        kind match {
          case 0 => f.day.add(f.book, OrderId(id), side, price, Quantity(qty), Account(1)); id += 1
          case 1 => f.orders.decide(f.day.now, f.book, f.bbo, Decision(Acme, side, price, Quantity(qty)))
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
}
