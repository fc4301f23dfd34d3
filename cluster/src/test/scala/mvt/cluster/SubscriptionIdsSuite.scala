package mvt.cluster

import mvt.core.*
import mvt.trader.{BboUpdated, Decision}
import mvt.trader.orders.StrategyIds

import java.util.concurrent.ConcurrentLinkedQueue
import scala.concurrent.duration.*

/**
 * A subscription's order ids never repeat within a day, wherever it runs: each hand-over gets a new epoch from the
 * exchange, and the desk of that epoch sends ids from its own range, even on the node the subscription left and
 * came back to.
 */
class SubscriptionIdsSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val acme = Symbol.unsafe("ACME")
  private val sub = Subscription(mvt.crdt.ClientId("acct-1"), StrategyId("spread-capture"))

  private lazy val node = LoneExchange.start(10_000_000L)

  override def afterAll(): Unit = node.close()

  test("a subscription that comes back to a node it left sends ids its earlier desk never used") {
    val heard = new Heard(node, "back-and-forth")
    val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
    val day = LoneExchange.day(node, Vector(sub.account), inbox)
    def handOver(to: NodeId): PositionReport = {
      inbox.add(PositionRequest(to, sub.account, sub.strategy, heard.ref))
      day.drain()
      heard.take() match {
        case r: PositionReport => r
        case other => fail(s"expected a position report, got $other")
      }
    }
    // the same node takes the subscription, another takes it, then the first again
    val epochs = Vector("n#1", "n#2", "n#1").map(n => handOver(NodeId(n))).map(_.epoch)
    assertEquals(epochs, Vector(1L, 2L, 3L))

    val out = new RecordingOut
    val bbo = BboUpdated.fromRaw(acme, Price.unsafe("9.99").raw, 100L, Price.unsafe("10.01").raw, 100L)
    def deskOf(epoch: Long): SubscriptionDesk = {
      val d = new SubscriptionDesk(sub, ClusterNode.strategy(sub), Account(1), 1_000L, out)
      d.start(PositionReport(sub.account, sub.strategy, Vector.empty, 0L, 0, epoch))
      d.act(bbo, Decision(acme, Side.Buy, Price.unsafe("9.99"), Quantity(10L)))
      d
    }
    val first = deskOf(1L)
    val firstIds = out.ids
    out.sent.clear()
    val again = deskOf(3L)
    val againIds = out.ids
    assert(firstIds.nonEmpty && againIds.nonEmpty)
    assert(firstIds.toSet.intersect(againIds.toSet).isEmpty, s"$firstIds and $againIds")
    assert((firstIds ++ againIds).forall(StrategyIds.isStrategy))
    assertEquals(firstIds.map(SubscriptionIds.epochOf).distinct, Vector(1L))
    assertEquals(againIds.map(SubscriptionIds.epochOf).distinct, Vector(3L))
    // each desk hears its own orders' reports, and only those
    def filled(id: Long) =
      OrderReport(
        sub.account,
        sub.strategy,
        id,
        buy = true,
        10L,
        Price.unsafe("9.99").raw,
        closed = true,
        1,
        1L
      )
    again.report(filled(firstIds.head))
    assertEquals(again.position("ACME"), 0L)
    again.report(filled(againIds.head))
    assertEquals(again.position("ACME"), 10L)
    assertEquals(first.position("ACME"), 0L)
  }
}
