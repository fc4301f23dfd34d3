package mvt.orderbook

import mvt.core.*
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/**
 * The trading day names every fill's accounts as the orders' adds gave them (the house's for a six-field add),
 * after modifies, partial fills and cancels, with ids that jump far ahead so that the accounts of orders resting
 * a long time leave its id window for its map; and it keeps an account exactly for each resting client order.
 */
class TradingDayAccountsSuite extends munit.ScalaCheckSuite {

  private enum Step {
    case Add(jump: Long, book: Int, side: Side, ticks: Int, qty: Long, account: Int, tif: TimeInForce)
    case Cancel(pick: Int)
    case Modify(pick: Int, ticks: Int, qty: Long)
  }

  private val genStep: Gen[Step] = Gen.frequency(
    6 -> Gen.zip(
      Gen.frequency(20 -> Gen.const(1L), 1 -> Gen.choose(1000L, 20000L)),
      Gen.choose(0, 1),
      Gen.oneOf(Side.Buy, Side.Sell),
      Gen.choose(95, 105),
      Gen.choose(1L, 20L),
      Gen.frequency(1 -> Gen.const(0), 3 -> Gen.choose(1, 9)),
      Gen.frequency(8 -> Gen.const(TimeInForce.Gtc), 1 -> Gen.const(TimeInForce.Ioc))
    ).map(Step.Add.apply),
    3 -> Gen.choose(0, Int.MaxValue).map(Step.Cancel.apply),
    2 -> Gen.zip(Gen.choose(0, Int.MaxValue), Gen.choose(95, 105), Gen.choose(1L, 20L)).map(Step.Modify.apply)
  )

  private def price(ticks: Int) = Price.fromRaw(ticks.toLong * Price.Scale / 10)

  property("each fill names its orders' accounts, and the day keeps one for each resting client order") {
    forAll(Gen.listOfN(1500, genStep)) { steps =>
      val accountOf = scala.collection.mutable.HashMap.empty[Long, Int]
      var fills = 0 // sides of trades: two a trade
      val sink = new FillSides(null) {
        protected def side(s: Symbol, id: OrderId, a: Account, p: Price, q: Quantity, buy: Boolean): Unit = {
          fills += 1
          assertEquals(a.value, accountOf(id.value), s"${if (buy) "buyer" else "seller"} $id")
        }
      }
      val day = new TradingDay(Engine.Fast, EventSink.Ignore, Some(sink), None)
      val books = Vector("A", "B").map(s => day.bookOf(Symbol.unsafe(s)))
      val placed = scala.collection.mutable.ArrayBuffer.empty[(Long, Int)] // (id, book) of every add
      var nextId = 0L
      steps.foreach { step =>
        step match {
          case Step.Add(jump, book, side, ticks, qty, account, tif) =>
            nextId += jump
            accountOf(nextId) = account
            placed += ((nextId, books(book)))
            day.add(books(book), OrderId(nextId), side, price(ticks), Quantity(qty), Account(account), tif)
          case Step.Cancel(pick) if placed.nonEmpty =>
            val (id, book) = placed(pick % placed.size)
            day.cancel(book, OrderId(id))
          case Step.Modify(pick, ticks, qty) if placed.nonEmpty =>
            val (id, book) = placed(pick % placed.size)
            day.modify(book, OrderId(id), price(ticks), Quantity(qty))
          case _ => ()
        }
        val restingClients = accountOf.count((id, a) => a != 0 && day.exchange.isLive(OrderId(id)))
        assertEquals(day.trackedAccounts, restingClients, s"after $step")
      }
      assert(fills > 0, "the steps traded")
    }
  }
}
