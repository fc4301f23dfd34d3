package mvt.orderbook

import mvt.core.*
import org.scalacheck.{Gen, Prop, Test}
import org.scalacheck.Prop.forAll

/**
 * The spec's rules as properties of every engine on random command sequences, each checked after every
 * command by `CheckedExchange` (uncrossed books, conservation of quantity, FIFO within a level, id liveness,
 * `checkInvariants()`).
 */
class InvariantsSuite extends munit.ScalaCheckSuite {
  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(5, "min")
  override def scalaCheckTestParameters: Test.Parameters =
    super.scalaCheckTestParameters.withMinSuccessfulTests(100)

  private def runAll(engine: Engine, commands: Seq[Command]): CheckedExchange = {
    val x = new CheckedExchange(engine)
    commands.foreach(x.apply)
    x
  }

  for (engine <- Engine.values) {
    property(s"${engine.label}: every command obeys the rules, and the book's invariants hold after it") {
      forAll(CommandGens.genCommands(250)) { commands =>
        runAll(engine, commands)
        ()
      }
    }

    property(s"${engine.label}: every form of spec/order-types.md obeys the rules, invariants after each") {
      forAll(CommandGens.genTypedCommands(250)) { commands =>
        runAll(engine, commands)
        ()
      }
    }

    test(s"${engine.label}: a long random session of every form stays consistent") {
      val x = new CheckedExchange(engine)
      Gen.listOfN(3000, CommandGens.genTypedCommand).apply(
        Gen.Parameters.default,
        org.scalacheck.rng.Seed(98L)
      )
        .get.foreach(x.apply)
      assert(x.exchange.liveOrderCount > 0)
    }

    property(s"${engine.label}: an id is live exactly while it rests") {
      forAll(CommandGens.genCommands(120), CommandGens.genSymbol, CommandGens.genSide) {
        (prefix, other, side) =>
          val x = runAll(engine, prefix)
          val resting = for {
            s <- x.exchange.symbolsWithBooks
            b <- x.exchange.book(s).toVector
            o <- b.restingOrders(Side.Buy) ++ b.restingOrders(Side.Sell)
          } yield (s, o)
          val far = Price.fromRaw(1L)
          val fresh = Symbol.unsafe("FRESH")
          resting.foreach { (s, o) =>
            // live in any book: a duplicate, and the book is unchanged (CheckedExchange checks both)
            assertEquals(
              x.apply(Command.Add(other, o.id, side, Price.unsafe("10"), Quantity(1L))),
              Vector(Event.Rejected(other, o.id, RejectReason.DuplicateOrderId))
            )
            if (other != s)
              assertEquals(x.apply(Command.Cancel(other, o.id)), Vector(Event.CancelRejected(other, o.id)))
            assertEquals(x.apply(Command.Cancel(s, o.id)), Vector(Event.Canceled(s, o.id, o.remainingQty)))
            // gone: the id may be used again (in a book of its own, where all re-adds rest at one price)
            assertEquals(
              x.apply(Command.Add(fresh, o.id, Side.Buy, far, Quantity(1L))).map(_.kind),
              Vector("added")
            )
          }
          Prop.passed
      }
    }
  }

  for (engine <- Engine.values) {
    test(
      s"${engine.label}: many symbols (more books than the exchange starts with), snapshot in byte order"
    ) {
      val gen = for {
        symbols <- Gen.listOfN(30, CommandGens.genAnySymbol)
        commands <- Gen.listOfN(250, CommandGens.genCommand(Gen.oneOf(symbols)))
      } yield commands
      // 12 random samples, not the suite's 100: each command here is checked against all 30 books
      val first = org.scalacheck.rng.Seed.random()
      Iterator.iterate(first)(_.next).take(12).foreach { seed =>
        val commands = gen.pureApply(Gen.Parameters.default, seed)
        val x =
          try runAll(engine, commands)
          catch {
            case e: AssertionError => throw new AssertionError(s"seed ${seed.toBase64}: ${e.getMessage}", e)
          }
        val names = x.exchange.snapshot.map(_.symbol.name)
        // ascending byte order: '-' < '.' < digits < letters, and a prefix first
        assertEquals(
          names.distinct,
          names.distinct.sortBy(_.getBytes("US-ASCII").toSeq.map(_ & 0xff))(
            using scala.math.Ordering.Implicits.seqOrdering
          ),
          s"seed ${seed.toBase64}"
        )
        assertEquals(
          x.exchange.symbolsWithBooks.toSet,
          commands.collect { case a: Command.Add => a.symbol; case c: Command.Cancel => c.symbol }.toSet,
          s"seed ${seed.toBase64}"
        )
      }
    }
  }

  private val acme = Symbol.unsafe("ACME")
  private val other = Symbol.unsafe("OTHER")
  private def add(s: Symbol, id: Long, side: Side, p: String, q: Long) =
    Command.Add(s, OrderId(id), side, Price.unsafe(p), Quantity(q))

  for (engine <- Engine.values) {
    test(s"${engine.label}: ids are reusable after a fill and after a cancel, across symbols") {
      val x = new CheckedExchange(engine)
      x.apply(add(acme, 1, Side.Sell, "10", 5))
      x.apply(add(other, 1, Side.Buy, "10", 5)) // duplicate: 1 rests in ACME
      x.apply(add(acme, 2, Side.Buy, "10", 5)) // fills 1 completely
      assertEquals(x.apply(add(other, 1, Side.Buy, "9", 5)).map(_.kind), Vector("added"))
      assertEquals(x.apply(Command.Cancel(acme, OrderId(1))).map(_.kind), Vector("cancel-rejected"))
      assertEquals(x.apply(Command.Cancel(other, OrderId(1))).map(_.kind), Vector("canceled"))
      assertEquals(x.apply(Command.Cancel(other, OrderId(1))).map(_.kind), Vector("cancel-rejected"))
      assertEquals(x.apply(add(acme, 1, Side.Buy, "9", 5)).map(_.kind), Vector("added"))
    }

    test(
      s"${engine.label}: a partially filled maker keeps its place; validation order is price, quantity, id"
    ) {
      val x = new CheckedExchange(engine)
      x.apply(add(acme, 1, Side.Sell, "10", 5))
      x.apply(add(acme, 2, Side.Sell, "10", 5))
      x.apply(add(acme, 3, Side.Buy, "10", 3)) // 1 keeps 2, still first
      x.apply(add(acme, 4, Side.Sell, "10", 5))
      val fills = x.apply(add(acme, 5, Side.Buy, "11", 8))
      assertEquals(
        fills.collect { case e: Event.Executed => (e.sellId.value, e.tradeQty.units) },
        Vector(1L -> 2L, 2L -> 5L, 4L -> 1L)
      )
      val bad = Command.Add(acme, OrderId(4), Side.Buy, Price.fromRaw(0L), Quantity(0L))
      assertEquals(x.apply(bad), Vector(Event.Rejected(acme, OrderId(4), RejectReason.InvalidPrice)))
      val badQty = Command.Add(acme, OrderId(4), Side.Buy, Price.unsafe("1"), Quantity(0L))
      assertEquals(x.apply(badQty), Vector(Event.Rejected(acme, OrderId(4), RejectReason.InvalidQuantity)))
    }

    test(
      s"${engine.label}: an id cancelled and reused at the same price queues behind, not in its old place"
    ) {
      val x = new CheckedExchange(engine)
      x.apply(add(acme, 1, Side.Buy, "10", 5))
      x.apply(add(acme, 2, Side.Buy, "10", 5))
      x.apply(Command.Cancel(acme, OrderId(1)))
      x.apply(add(acme, 1, Side.Buy, "10", 7)) // a new life of id 1, now behind 2
      x.apply(Command.Cancel(acme, OrderId(1)))
      x.apply(add(acme, 1, Side.Buy, "10", 3))
      val sweep = x.apply(add(acme, 3, Side.Sell, "10", 100))
      assertEquals(
        sweep.map(_.render),
        Vector("executed,ACME,2,3,10,5,SELL", "executed,ACME,1,3,10,3,SELL", "added,ACME,3,SELL,10,92")
      )
      assertEquals(x.apply(Command.Cancel(acme, OrderId(1))).map(_.kind), Vector("cancel-rejected"))
      assertEquals(x.apply(Command.Cancel(acme, OrderId(3))).map(_.render), Vector("canceled,ACME,3,92"))
      assertEquals(x.exchange.snapshot, Vector.empty)
    }

    test(s"${engine.label}: a long random session stays consistent") {
      val x = new CheckedExchange(engine)
      val commands = Gen.listOfN(3000, CommandGens.genCommand).apply(
        Gen.Parameters.default,
        org.scalacheck.rng.Seed(99L)
      ).get
      commands.foreach(x.apply)
      assert(x.exchange.liveOrderCount > 0)
    }
  }

  test("FastOrderBook: free slot lists stay sound through many add, cancel and fill cycles") {
    // tiny initial pools, so they grow, and rounds that rebuild and drain the book, so freed slots are reused
    val book = new FastOrderBook(initialOrders = 2, initialLevels = 2)
    val live = scala.collection.mutable.LinkedHashSet.empty[Long]
    var fills = 0
    val listener = new FillListener {
      def fill(makerId: OrderId, price: Price, tradeQty: Quantity, makerDone: Boolean): Unit = {
        fills += 1
        if (makerDone) live -= makerId.value
      }
    }
    val rnd = new scala.util.Random(7L)
    var nextId = 1L
    var cancels = 0
    def add(side: Side, price: Long, qty: Long): Unit = {
      val id = nextId
      nextId += 1
      val left = book.add(OrderId(id), side, Price.fromRaw(price), Quantity(qty), listener)
      if (left.units > 0) live += id
      book.checkInvariants()
    }
    for (round <- 0 until 60) {
      val mid = 1000L + rnd.nextInt(21) - 10
      for (_ <- 0 until 20 + rnd.nextInt(40)) {
        val buy = rnd.nextBoolean()
        val away = 1 + rnd.nextInt(12)
        add(if (buy) Side.Buy else Side.Sell, if (buy) mid - away else mid + away, 1L + rnd.nextInt(9))
      }
      for (_ <- 0 until rnd.nextInt(live.size + 1)) {
        val id = live.iterator.drop(rnd.nextInt(live.size)).next()
        assert(book.cancel(OrderId(id)).units > 0, s"order $id was live")
        live -= id
        cancels += 1
        book.checkInvariants()
      }
      for (_ <- 0 until 1 + rnd.nextInt(4)) {
        val buy = rnd.nextBoolean()
        add(
          if (buy) Side.Buy else Side.Sell,
          if (buy) mid + rnd.nextInt(14) else mid - rnd.nextInt(14),
          1L + rnd.nextInt(60)
        )
      }
      if (round % 10 == 9) { // sweep both sides clean: every slot goes back to its free list
        add(Side.Buy, 5000L, 1000000L)
        add(Side.Sell, 1L, 2000000L)
        live.toVector.foreach { id =>
          assert(book.cancel(OrderId(id)).units > 0); live -= id; book.checkInvariants()
        }
        assertEquals(book.orderCount, 0)
      }
      assertEquals(book.orderCount, live.size)
    }
    assert(
      fills > 500 && cancels > 300,
      s"$fills fills and $cancels cancels: the cycles do not exercise the pools"
    )
  }

  test("the command generator covers every outcome") {
    val sink = new EventBuffer
    val x = new Exchange(Engine.Fast, sink)
    Gen.listOfN(5000, CommandGens.genCommand).apply(Gen.Parameters.default, org.scalacheck.rng.Seed(1L)).get
      .foreach(x.apply)
    EventKinds.All.foreach(k => assert(sink.count(k) > 0, k))
  }

  test("the order-types generator covers every outcome") {
    val sink = new EventBuffer
    val x = new Exchange(Engine.Fast, sink)
    Gen.listOfN(8000, CommandGens.genTypedCommand).apply(Gen.Parameters.default, org.scalacheck.rng.Seed(1L)).get
      .foreach(x.apply)
    (EventKinds.All ++ EventKinds.OrderTypes).foreach(k => assert(sink.count(k) > 0, k))
  }
}
