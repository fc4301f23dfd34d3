package mvt.cluster

import mvt.cluster.history.{HistoryChecker, HistoryFile, HistoryWriter}
import mvt.core.*
import mvt.crdt.ClientId
import mvt.trader.orders.StrategyIds

import java.nio.file.Files
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.duration.*

/**
 * A desk's post-only quote moves by `modify` in place: the desk sends it, the exchange applies it on the venue
 * (the same order, its place in the queue as the spec says), a buy's modify is debited the modified order's cost
 * and given back what the order no longer needs once applied, one the balance cannot cover never leaves and the
 * quote stays, and the node's history balances every account to the cent.
 */
class DeskModifySuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val historyPath = Files.createTempFile("mvt-desk-modify", ".history")

  // an exchange node with a history: the trader's side of these tests records through the same writer
  private lazy val node = LoneExchange.start(0L, history = Some(historyPath))

  override def afterAll(): Unit = node.close()

  private lazy val heard = new Heard(node, "me")
  private lazy val me = heard.ref

  private val fresh = new AtomicInteger(0)
  private val self = NodeId("t#1")

  /** One subscription's desk wired to an exchange day the way a trader node wires it, with its balance check. */
  private final class Loop(provision: Long)
      extends DeskLoop(node, heard, self, ClientId(s"m${fresh.incrementAndGet()}"), provision) {
    var modifyReports = Vector.empty[ModifyReport]

    /** Hands the desk what the exchange sent this subscription until `done` holds. */
    def pump(done: => Boolean): Unit =
      runUntil(done) {
        case r: OrderReport => desk.report(r): Unit
        // a resend of an answer already heard is the same answer (the desk applies it once)
        case r: ModifyReport =>
          desk.amended(r): Unit
          if (!modifyReports.exists(_.ref == r.ref)) modifyReports :+= r
        case _ => ()
      }

    /** Closes the day and checks the node's history: this account's money is all accounted for, to the cent. */
    def closeAndCheck(): Unit = {
      close()
      node.ledger.history.balance(account, balance)
      val ops = HistoryFile.read(historyPath).fold(e => fail(e), identity)
      val verdict = HistoryChecker.check(ops)
      assertEquals(verdict.gaps, Vector.empty)
      val mine = verdict.accounts.find(_.account == account).getOrElse(fail("no history of the account"))
      assert(mine.conserved, mine.toString)
      assertEquals(mine.maxOverspendCents, 0L)
    }
  }

  private def raw(p: String): Long = Price.unsafe(p).raw

  test("a quote moves by modify: the same order, behind the order already at its new price") {
    val l = new Loop(1_000_000L)
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05") // a post-only add: debits 9,990
    assertEquals((l.day.openOrders, l.balance), (1, 1_000_000L - 9_990L))
    l.flow(1L, buy = true, "10.00", 5L) // someone else's bid, ahead at 10.00
    l.quote(Side.Buy, "10.00", 10L, bid = "10.00", ask = "10.05") // moves: debits the new 10,000
    l.pump(l.modifyReports.nonEmpty)
    assertEquals(
      l.modifyReports.map(r => (r.priceRaw, r.qty, r.outcome, r.restingQty)),
      Vector((raw("10.00"), 10L, ModifyReport.Outcome.LostPriority, 10L))
    )
    // applied: the old reservation came back, the order holds only what rests now
    assertEquals(l.balance, 1_000_000L - 10_000L)
    assertEquals((l.day.openOrders, l.day.feed.orders), (1, 1L)) // one add ever: the same order moved
    l.flow(2L, buy = false, "10.00", 5L) // the order ahead fills first
    l.flow(3L, buy = false, "10.00", 4L) // then the moved quote, under its first id
    l.pump(l.desk.position("ACME") == 4L)
    assertEquals(l.day.fills.fills, 1L)
    l.closeAndCheck()
    assertEquals(l.balance, 1_000_000L - 4_000L)
  }

  test(
    "a buy's modify up is debited and applied; one the balance cannot cover never leaves, the quote stays"
  ) {
    val l = new Loop(25_000L)
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05") // 9,990
    l.quote(Side.Buy, "10.00", 10L, bid = "10.01", ask = "10.05") // 10,000 more while the old may still fill
    l.pump(l.modifyReports.size == 1)
    assertEquals(l.balance, 25_000L - 10_000L)
    val sent = l.day.feed.cancels
    // 20 at 10.01 would cost 20,020: more than the 15,000 left, so the balance check refuses it
    l.quote(Side.Buy, "10.01", 20L, bid = "10.02", ask = "10.05")
    assertEquals((l.refusedChecks, l.day.feed.cancels, l.balance), (1, sent, 15_000L))
    // the desk still quotes where the venue has it: a decision at 10.00 keeps it, and nothing is sent
    l.quote(Side.Buy, "10.00", 10L, bid = "10.02", ask = "10.05")
    assertEquals(l.day.feed.cancels, sent)
    l.flow(1L, buy = false, "10.00", 10L)
    l.pump(l.desk.position("ACME") == 10L)
    l.closeAndCheck()
    assertEquals(l.balance, 15_000L)
  }

  test("a buy's modify down credits back the difference once the exchange applies it") {
    val l = new Loop(30_000L)
    l.quote(Side.Buy, "10.00", 10L, bid = "9.98", ask = "10.05") // 10,000
    l.quote(Side.Buy, "9.97", 10L, bid = "10.01", ask = "10.05") // debits 9,970, then 10,000 comes back
    l.pump(l.modifyReports.size == 1)
    assertEquals(l.modifyReports.map(_.outcome), Vector(ModifyReport.Outcome.LostPriority))
    assertEquals(l.balance, 30_000L - 9_970L)
    l.closeAndCheck()
    assertEquals(l.balance, 30_000L)
  }

  test(
    "the exchange reports a reduction that keeps the order's place, and refuses a post-only one that crosses"
  ) {
    val l = new Loop(1_000_000L)
    val order = SubscriptionIds.base(1L) + StrategyIds.First
    var seq = 1_000L
    def send(c: OrderCommand, cost: Long): Unit = {
      if (cost > 0L) assertEquals(node.ledger.authorize(l.account, cost), Authorization.Approved)
      seq += 1
      l.inbox.add(OrderMessage(self, seq, l.account, l.sub.strategy, c, me))
      val _ = l.day.drain()
    }
    val name = HistoryWriter.order(self, l.sub.strategy, order)
    node.ledger.history.authorized(l.account, name, 10_000L)
    send(OrderCommand.Add("ACME", order, buy = true, raw("10.00"), 10L, 10_000L, TimeInForce.Post), 10_000L)
    l.flow(1L, buy = true, "10.00", 5L) // behind the trader's order
    node.ledger.history.toppedUp(l.account, name, 6_000L)
    send(OrderCommand.Modify("ACME", order, raw("10.00"), 6L, 6_000L), 6_000L)
    l.flow(2L, buy = false, "10.05", 3L) // an ask: a post-only buy may not reach it
    node.ledger.history.toppedUp(l.account, name, 6_030L)
    send(OrderCommand.Modify("ACME", order, raw("10.05"), 6L, 6_030L), 6_030L)
    l.pump(l.modifyReports.size == 2)
    assertEquals(
      l.modifyReports.map(r => (r.outcome, r.restingQty)),
      Vector((ModifyReport.Outcome.KeptPriority, 6L), (ModifyReport.Outcome.Refused, 0L))
    )
    // both modifies' debits and the old reservation's excess came back: only the 6 resting at 10.00 are held
    assertEquals(l.balance, 1_000_000L - 6_000L)
    l.flow(
      3L,
      buy = false,
      "10.00",
      6L
    ) // the trader's order kept its place ahead of the flow's bid: all 6 are its
    assertEquals(l.day.fills.units, 6L)
    l.closeAndCheck()
    assertEquals(l.balance, 1_000_000L - 6_000L)
  }
}
