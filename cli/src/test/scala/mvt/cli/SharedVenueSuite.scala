package mvt.cli

import mvt.cluster.*
import mvt.core.*
import mvt.core.files.FileTree
import mvt.crdt.ClientId
import mvt.fix.FixOrder
import mvt.trader.orders.StrategyIds
import org.apache.pekko.actor.typed.scaladsl.Behaviors

import java.nio.file.Files
import java.util.concurrent.ConcurrentLinkedQueue
import scala.concurrent.duration.*

/**
 * The cluster's exchange and the FIX gateway submit to one venue (the live day): each numbers its orders in a range
 * of its own, so the journal never gives one submitter's fills or close to the other's order. A restarted exchange
 * rebuilds its traders' orders from that journal by id; a shared id made it take a FIX order's fills for its
 * trader's, close the trader's order early and end the day with balances off their fills. In-JVM: one node, real
 * venues on one journal directory.
 */
class SharedVenueSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val Provision = 1_000_000L
  private val acme = Symbol.unsafe("ACME")

  test("the FIX gateway's order ids and the strategies' never meet") {
    assert(!FixOrder.isFix(StrategyIds.First))
    assert(!StrategyIds.isStrategy(FixOrder.IdEnd - 1L))
    assert(FixOrder.IdBase < FixOrder.IdEnd && FixOrder.IdEnd <= StrategyIds.First)
    // recorded and generated days count from 1: the FIX range leaves them 2^61 ids
    assert(FixOrder.isFix(FixOrder.IdBase) && !FixOrder.isFix(FixOrder.IdBase - 1L))
  }

  test(
    "a venue shared with FIX orders: the restarted exchange keeps its trader's order open and reconciles to the cent"
  ) {
    val node = LoneExchange.start(Provision)
    val dir = Files.createTempDirectory("mvt-shared-venue")
    try {
      val a = ClientId("shared-1")
      node.ledger.credit(a, Provision)
      val trader = node.system.systemActorOf(Behaviors.ignore[TraderNode.Command], "trader")
      val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
      def open(): ExchangeDay = LoneExchange.dayIn(node, Vector(a), inbox, dir, provisioned = Provision)

      val first = open()
      // a FIX client's buy, numbered as the gateway numbers its first order, fills in full and closes
      LoneExchange.flowCommand(
        first,
        Command.Add(
          acme,
          OrderId(FixOrder.IdBase),
          Side.Buy,
          Price.unsafe("10.00"),
          Quantity(100),
          Account(9001)
        )
      )
      LoneExchange.flow(first, acme, 1L, buy = false, "10.00", 100L)
      // then the trader's buy, the exchange's first order (debited 9,000 by its trader), rests
      inbox.add(LoneExchange.order(
        node.ledger,
        LoneExchange.Kind.Add,
        NodeId("t#1"),
        1L,
        Subscription(a, StrategyId("s")),
        0L,
        buy = true,
        "9.00",
        10L,
        trader
      ))
      val _ = first.drain()
      assertEquals(first.openOrders, 1)
      // the exchange goes down with its order resting, and opens again on the same journal and side file
      LoneExchange.crash(first)
      val again = open()
      assertEquals((again.openOrders, again.settledBeforeRestart, again.restored), (1, 0, 0L))
      // 4 of it fill at 9.00 (3,600); the close cancels the rest and 5,400 of its 9,000 come back
      LoneExchange.flow(again, acme, 2L, buy = false, "9.00", 4L)
      again.close()
      assertEquals(again.credited, 5_400L)
      val r = again.reconciliation(Provision)
      assertEquals(r.map(x => (x.spent, x.missing)), Vector((3_600L, 0L)), r.toString)
      again.release()
    } finally {
      node.close()
      FileTree.delete(dir)
    }
  }
}
