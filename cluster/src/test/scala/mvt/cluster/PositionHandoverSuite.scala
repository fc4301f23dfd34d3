package mvt.cluster

import mvt.core.*
import mvt.trader.{BboUpdated, Decision}
import mvt.trader.orders.StrategyIds

import scala.concurrent.duration.*

/**
 * A subscription that moves after fills: the exchange hands it to the node that asks for its position, with the
 * position its fills left (cancelling the old node's open orders and refusing its later adds), and the new desk
 * starts from that position, so its position limit still holds for the account. Exact numbers throughout.
 */
class PositionHandoverSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val Provision = 10_000_000L
  private val acme = Symbol.unsafe("ACME")
  private val sub = Subscription(mvt.crdt.ClientId("acct-1"), StrategyId("spread-capture"))

  private lazy val node = LoneExchange.start(Provision)

  override def afterAll(): Unit = node.close()

  test("the new owner starts from the position the old owner's fills left, and the old owner's orders go") {
    // what each (fake) trader node hears from the exchange, but its acknowledgements: not what this test follows
    val oldNode = new Heard(node, "old-owner", acks = false)
    val newNode = new Heard(node, "new-owner", acks = false)
    val d = new LoneDay(node, Vector(sub.account), Provision, NodeId("old#1"), sub.strategy, oldNode.ref)
    val (inbox, day) = (d.inbox, d.day)
    def send(id: Long, buy: Boolean, price: String, qty: Long) =
      d.send(LoneExchange.Kind.Add, sub.account, id, buy, price, qty)

    // the old owner buys 500 at 10.00 and sells 200 of them at 10.50: long 300 at 10.00, 100.00 dollars realized
    d.flow(1L, buy = false, "10.00", 500L)
    send(0L, buy = true, "10.00", 500L)
    day.drain()
    d.flow(2L, buy = true, "10.50", 200L)
    send(1L, buy = false, "10.50", 200L)
    // and leaves a buy of 100 at 9.00 resting
    send(2L, buy = true, "9.00", 100L)
    day.drain()
    assertEquals(day.openOrders, 1)
    (1 to 2).foreach(_ => oldNode.take()) // the two fills

    // the subscription moves: the new owner asks where it stands
    inbox.add(PositionRequest(NodeId("new#2"), sub.account, sub.strategy, newNode.ref))
    day.drain()
    val report = newNode.take() match {
      case r: PositionReport => r
      case other => fail(s"expected a position report, got $other")
    }
    assertEquals(
      report,
      PositionReport(
        sub.account,
        sub.strategy,
        Vector(PositionReport.Holding("ACME", 300L, 300L * Price.unsafe("10.00").raw)),
        realizedCents = 10_000L,
        withdrawn = 1,
        epoch = 1L
      )
    )
    // the old owner's resting buy was cancelled (its 900.00 dollars credited back) and its later add is refused
    assertEquals(day.openOrders, 0)
    oldNode.take() match {
      case r: OrderReport =>
        assertEquals((r.orderId, r.fillQty, r.closed), (StrategyIds.First + 2L, 0L, true))
      case other => fail(s"expected the cancel's report, got $other")
    }
    send(3L, buy = false, "11.00", 100L)
    day.drain()
    oldNode.take() match {
      case r: OrderReport =>
        assertEquals((r.orderId, r.fillQty, r.closed), (StrategyIds.First + 3L, 0L, true))
      case other => fail(s"expected the refusal's report, got $other")
    }
    assertEquals(day.refusedNotOwner, 1L)
    assertEquals(day.positions, Vector(sub -> report.holdings))
    // bought 5,000.00, sold 2,100.00: the rest of every debit came back
    assertEquals(node.ledger.balance(sub.account), Provision - 500_000L + 210_000L)

    // the new owner's desk starts there: long 300, so a buy of 1,000 is cut to the 700 the limit leaves
    val out = new RecordingOut
    val desk = new SubscriptionDesk(sub, ClusterNode.strategy(sub), Account(1), 1_000L, out)
    val bbo = BboUpdated.fromRaw(acme, Price.unsafe("9.99").raw, 100L, Price.unsafe("10.01").raw, 100L)
    desk.act(bbo, Decision(acme, Side.Buy, Price.unsafe("9.99"), Quantity(1_000L)))
    assertEquals(out.adds.size, 0, "a desk that does not know its position does not trade")
    desk.start(report)
    assertEquals(desk.position("ACME"), 300L)
    assertEquals(desk.result.realized, 10_000L)
    desk.act(bbo, Decision(acme, Side.Buy, Price.unsafe("9.99"), Quantity(1_000L)))
    assertEquals(
      out.adds.map(a => (a.buy, a.priceRaw, a.qty)),
      Vector((true, Price.unsafe("9.99").raw, 700L))
    )
    // selling 300 at 10.50 closes the position and realizes 150.00 dollars more on the carried cost
    desk.result.fill(0, buy = false, Price.unsafe("10.50").raw, 300L)
    assertEquals(desk.result.realized, 25_000L)
    day.close()
    day.release()
  }
}
