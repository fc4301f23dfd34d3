package mvt.orderbook

import mvt.core.*
import scala.concurrent.duration.*

/** The fast book against the historical books, which serve as its oracle, on long seeded random streams. */
class DifferentialSuite extends munit.FunSuite {
  override val munitTimeout: Duration = 10.minutes

  private def runRandom(
      engines: Vector[Engine],
      seed: Long,
      mix: Mix,
      lines: Int,
      checkEvery: Int,
      kinds: List[String] = EventKinds.All
  ): Differential = {
    val d = new Differential(engines, checkEvery)
    d.run(new LineStream(new RandomCommands(seed, mix).take(lines)))
    d.checkAll("end of stream")
    // the stream must have exercised every outcome, or this comparison proves little
    kinds.foreach(k => assert(d.count(k) > 0, s"no $k event in the stream"))
    assert(d.count("executed") > lines / 50, s"only ${d.count("executed")} fills")
    // the feeds were compared too, and carried accounts and a moving clock
    val (trades, quotes) = d.feedLines
    assertEquals(trades, d.count("executed"))
    assert(quotes > lines / 20, s"only $quotes quote lines")
    d
  }

  private val FastAndLazy = Vector(Engine.Fast, Engine.LazyCancel)
  private val EveryKind = EventKinds.All ++ EventKinds.OrderTypes

  // a long stream (1,000,000 commands, 500 accounts) through the fast and lazy-cancel books, whose books must
  // reach `minLive` orders at once
  private def long(name: String, seed: Long, mix: Mix, kinds: List[String], minLive: Int): Unit =
    test(s"fast vs lazy-cancel: 1,000,000 commands, $name") {
      val d =
        runRandom(FastAndLazy, seed, mix.copy(accounts = 500, clockWeight = 0.05), 1060000, 100000, kinds)
      assert(d.commands >= 1000000, d.commands)
      assert(d.maxLiveOrders > minLive, s"books only reached ${d.maxLiveOrders} orders")
    }

  // a shorter stream (100,000 commands, 20 accounts) through all four engines
  private def short(name: String, seed: Long, mix: Mix, kinds: List[String]): Unit =
    test(s"all four engines: 100,000 commands, $name") {
      val mixed = mix.copy(accounts = 20, clockWeight = 0.05)
      val d = runRandom(Engine.values.toVector, seed, mixed, 106000, 5000, kinds)
      assert(d.commands >= 100000, d.commands)
    }

  long("cancel-heavy, deep books", 11L, Mix.cancelHeavy(maxTracked = 20000), EventKinds.All, minLive = 5000)
  long("cross-heavy", 12L, Mix.crossHeavy(maxTracked = 20000), EventKinds.All, minLive = 0)
  short("cancel-heavy", 21L, Mix.cancelHeavy(maxTracked = 300), EventKinds.All)
  short("cross-heavy", 22L, Mix.crossHeavy(maxTracked = 300), EventKinds.All)
  long(
    "every order type and modifies",
    13L,
    Mix.withOrderTypes(Mix.cancelHeavy(maxTracked = 20000)),
    EveryKind,
    minLive = 5000
  )
  short("every order type and modifies", 23L, Mix.withOrderTypes(Mix.crossHeavy(maxTracked = 300)), EveryKind)

  test("all four engines: many short streams of every order type, invariants after every command") {
    (1 to 40).foreach { seed =>
      val d = new Differential(Engine.values.toVector, checkEvery = 1)
      val mix = Mix.withOrderTypes(if (seed % 2 == 0) Mix.crossHeavy(40) else Mix.cancelHeavy(40))
      d.run(new LineStream(new RandomCommands(2000L + seed, mix).take(500)))
    }
  }

  test("all four engines: many short streams from fresh exchanges, invariants after every command") {
    (1 to 40).foreach { seed =>
      val d = new Differential(Engine.values.toVector, checkEvery = 1)
      val mix = if (seed % 2 == 0) Mix.crossHeavy(40) else Mix.cancelHeavy(40)
      d.run(new LineStream(new RandomCommands(1000L + seed, mix).take(500)))
    }
  }

  test("fast vs lazy-cancel: a very deep book at sparse prices, then cancels and sweeps") {
    val rnd = new scala.util.Random(5L)
    val acme = Symbol.unsafe("DEEP")
    val d = new Differential(FastAndLazy, checkEvery = Int.MaxValue)
    // 4,000 bid prices below 1000 and 4,000 ask prices above it, spread over the whole range
    def sparse(lo: Long, hi: Long): Vector[Long] =
      Vector.fill(4000)(lo + (rnd.nextLong() & Long.MaxValue) % (hi - lo)).distinct
    val bidPrices = sparse(1L, 1000L * Price.Scale)
    val askPrices = sparse(1001L * Price.Scale, Price.Limit)
    val orders = 300000
    def rest(id: Long): Command = {
      val buy = rnd.nextBoolean()
      val prices = if (buy) bidPrices else askPrices
      Command.Add(
        acme,
        OrderId(id),
        if (buy) Side.Buy else Side.Sell,
        Price.fromRaw(prices(rnd.nextInt(prices.size))),
        Quantity(1L + rnd.nextInt(1000))
      )
    }
    (1 to orders).foreach(i => d.apply(rest(i.toLong), s"resting order $i"))
    assertEquals(d.count("executed"), 0L)
    assertEquals(d.exchanges.head.liveOrderCount, orders)
    d.checkAll("book built")
    assert(d.exchanges.head.snapshot.size > 7000, d.exchanges.head.snapshot.size)
    // cancel a third, some twice
    (1 to 120000).foreach { _ =>
      val id = 1L + rnd.nextInt(orders)
      d.apply(Command.Cancel(acme, OrderId(id)), s"cancel $id")
    }
    assert(d.count("canceled") > 90000 && d.count("cancel-rejected") > 10000)
    d.checkAll("after cancels")
    // sweeps: each takes a few thousand orders over many levels, the rest still rests; refill between
    var next = orders + 1L
    (1 to 20).foreach { round =>
      val buy = round % 2 == 0
      val sweep = Command.Add(
        acme,
        OrderId(next),
        if (buy) Side.Buy else Side.Sell,
        Price.fromRaw(if (buy) Price.Limit - 1 else 1L),
        Quantity(2000000L)
      )
      d.apply(sweep, s"sweep $round")
      next += 1
      (1 to 5000).foreach { _ =>
        d.apply(rest(next), s"refill $next"); next += 1
      }
    }
    // cancels of swept (gone) ids and of survivors
    (1 to 20000).foreach { _ =>
      val id = 1L + rnd.nextInt(next.toInt - 1)
      d.apply(Command.Cancel(acme, OrderId(id)), s"late cancel $id")
    }
    d.checkAll("end")
    assert(d.count("executed") > 20000, d.count("executed"))
  }
}
