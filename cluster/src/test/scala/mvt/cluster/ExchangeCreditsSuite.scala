package mvt.cluster

import mvt.core.Price
import mvt.crdt.{BoundedCounter, ClientId, ReplicaId}

import scala.concurrent.duration.*

/**
 * A restarted exchange's credits: recomputed from a hand-made side file and journal view (closed orders' refunds and
 * proceeds, refused adds, a modified buy's top-ups and give-backs, a refused modify, nothing for what is open or
 * never journaled), and restored on a replica under the same id
 * in each order of events (a credit made and replicated before the kill, made and never replicated, never made),
 * never counted twice, with the rights the earlier run gave away read back before any is given again.
 */
class ExchangeCreditsSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val a1 = ClientId("acct-1")
  private val a2 = ClientId("acct-2")
  private val node = NodeId("127.0.0.1:2553#7")
  private val strategy = StrategyId("spread-capture")
  private val Provision = 1_000_000L

  private def add(id: Long, account: ClientId, buy: Boolean, qty: Long, cost: Long) =
    ExchangeLog.Added(id, node, id, account, strategy, 100L + id, "ACME", buy, qty, cost, "ref")

  private def journaled(qty: Long, closed: Boolean, fills: (String, Long)*) = {
    val o = new ExchangeRecovery.Order(qty)
    fills.foreach((px, q) => { o.fills += ((Price.unsafe(px).raw, q)); o.remaining -= q })
    o.closed = closed
    o
  }

  test("the credits of the orders that closed before the restart, per account, on top of the provision") {
    val adds = Vector(
      add(1, a1, buy = true, 10, 10_100), // 10 at 10.10 reserved; 4 filled at 10.005 (4002 cents), cancelled
      add(2, a1, buy = true, 10, 5_000), // still resting: nothing credited yet
      add(3, a1, buy = false, 5, 0), // a sale filled at 9.999 and 10.001: 5000 cents of proceeds
      add(4, a2, buy = true, 1, 2_000), // the venue refused it: its whole reservation back
      add(
        5,
        a2,
        buy = true,
        1,
        3_000
      ) // never journaled (the crash came first): forgotten, its resend applies
    )
    val journal = Map(
      1L -> journaled(10, closed = true, "10.005" -> 4L),
      2L -> journaled(10, closed = false),
      3L -> journaled(5, closed = true, "9.999" -> 2L, "10.001" -> 3L)
    )
    val refused = Vector(ExchangeLog.Refused(node, 9L, a2, strategy, 109L, buy = true, 700L))
    val settled = ExchangeCredits.settled(adds, refused, Set(4L), journal)
    assertEquals(
      settled.map(s => (s.orderId, s.filledCents, s.back)),
      Vector((101L, 4_002L, 6_098L), (103L, 5_000L, 5_000L), (104L, 0L, 2_000L), (109L, 0L, 700L))
    )
    assertEquals(
      ExchangeCredits.totals(Vector(a1, a2), Provision, settled),
      Map(a1 -> (Provision + 6_098L + 5_000L), a2 -> (Provision + 2_700L))
    )
    // a refusal the venue made of an add the journal holds cannot be: the journal wins
    assertEquals(
      ExchangeCredits.settled(adds.take(1), Vector.empty, Set(1L), journal).map(_.back),
      Vector(6_098L)
    )
  }

  test("a modified buy's credits: its top-ups join its reservation, what was given back is credited once") {
    // order 106: a buy of 10 at 10.00 (10,000 debited), moved up to 10 at 10.50 (a top-up of its whole new cost,
    // 10,500; once applied the old 10,000 came back), then down to 6 at 10.20 (6,120; the 10,500 came back), 2
    // filled at 10.20 (2,040), then cancelled: it settled holding 6,120, so 4,080 went back at the close
    val adds = Vector(
      add(6, a1, buy = true, 10, 10_000),
      add(7, a2, buy = true, 10, 3_000) // modified and still resting: only what came back of it was credited
    )
    val topUps = Vector(
      ExchangeLog.ToppedUp(6L, node, 20L, 10_500L),
      ExchangeLog.ToppedUp(7L, node, 21L, 3_300L),
      ExchangeLog.ToppedUp(6L, node, 22L, 6_120L)
    )
    val releases = Vector((6L, 10_000L), (7L, 3_000L), (6L, 10_500L))
    val journal = Map(
      6L -> journaled(10, closed = true, "10.20" -> 2L),
      7L -> journaled(10, closed = false)
    )
    // a buy's modify the exchange refused itself (its order had closed): its 1,500 went back
    val refusedModify =
      ExchangeLog.Refused(node, 23L, a2, strategy, 108L, buy = true, 1_500L, modify = true)
    val settled = ExchangeCredits.settled(adds, Vector(refusedModify), Set.empty, journal, topUps, releases)
    assertEquals(
      settled.map(s => (s.orderId, s.reservedCents, s.filledCents, s.back)),
      Vector((106L, 6_120L, 2_040L, 4_080L), (108L, 1_500L, 0L, 1_500L))
    )
    val givenBack = ExchangeCredits.givenBack(adds, releases)
    assertEquals(
      givenBack.map(g => (g.account, g.orderId, g.cents)),
      Vector(
        (a1, 106L, 10_000L),
        (a2, 107L, 3_000L),
        (a1, 106L, 10_500L)
      )
    )
    // a1 was debited 10,000 + 10,500 + 6,120 = 26,620 and paid 2,040: 24,580 came back to it
    assertEquals(
      ExchangeCredits.totals(Vector(a1, a2), Provision, settled, givenBack),
      Map(a1 -> (Provision + 24_580L), a2 -> (Provision + 3_000L + 1_500L))
    )
    // without the modifies' lines the figure would be the add's alone: the lines are what make it exact
    assertEquals(
      ExchangeCredits.totals(
        Vector(a1),
        Provision,
        ExchangeCredits.settled(adds, Vector.empty, Set.empty, journal)
      ),
      Map(a1 -> (Provision + 7_960L))
    )
  }

  private lazy val lone = LoneExchange.start(0L)

  override def afterAll(): Unit = lone.close()

  private val exchange = ReplicaId("exchange-2026-01-02")
  private val trader = ReplicaId("127.0.0.1:2554#9")
  private val restoredAccounts = Vector(ClientId("restore-0"), ClientId("restore-1"))
  private val rightsAccount = ClientId("rights")

  // a replica of the day's exchange started anew in this JVM under the stable id, as after a kill -9
  private lazy val restarted: Ledger[BoundedCounter] = {
    val l = Ledger.start(
      lone.system,
      Consistency.Bounded,
      restoredAccounts :+ rightsAccount,
      2.seconds,
      replica = Some(exchange)
    )
    l.asInstanceOf[Ledger[BoundedCounter]]
  }

  private def eventually(what: String)(cond: => Boolean): Unit = {
    val deadline = System.nanoTime + 30_000_000_000L
    while (!cond && System.nanoTime < deadline) Thread.sleep(20)
    assert(cond, what)
  }

  test(
    "restored on a replica under the same id: whatever the earlier run replicated, each credit counts once"
  ) {
    // the earlier run provisioned 1,000,000 and gave 300,000 rights to the trader, which spent 50,000; it credited
    // 6,098 (an order closed in the journal), and that reached the trader's replica, or it did not (made and lost
    // with the killed process, or never made: the same to every survivor)
    val before = BoundedCounter.empty.increment(exchange, Provision).state
    val gave = before.transfer(exchange, trader, 300_000L).state.decrement(trader, 50_000L).state
    val total = Provision + 6_098L
    val seen = Vector(
      "made and replicated before the kill" -> gave.increment(exchange, 6_098L).state,
      "made and not replicated, or not made" -> gave
    )
    seen.zip(restoredAccounts).foreach { case ((how, traderState), acct) =>
      val l = restarted
      // the survivor's state arrives before the restore in one case, after it in the other: the same end
      val replicated = traderState.increments.countOf(exchange) == total
      if (replicated) l.received(acct, traderState)
      val raised = l.restoreCredits(acct, total)
      if (!replicated) l.received(acct, traderState)
      assertEquals(raised, if (replicated) 0L else total, how)
      val s = l.state(acct)
      assertEquals(s.increments.countOf(exchange), total, how)
      assertEquals(l.balance(acct), total - 50_000L, how)
      // the rights it gave before stay given: its own are the total less the transfer
      assertEquals(s.rightsOf(exchange), total - 300_000L, how)
      assertEquals(s.rightsOf(trader), 250_000L, how)
      // a credit after the restore adds once, and restoring again raises nothing
      l.credit(acct, 1_000L)
      assertEquals(l.restoreCredits(acct, total), 0L, how)
      assertEquals(l.balance(acct), total - 50_000L + 1_000L, how)
    }
  }

  test("after the read-back, rights the earlier run gave away are not given again") {
    val l = restarted
    eventually("the read-back of the account")(l.rightsReady(rightsAccount))
    assertEquals(l.restoreCredits(rightsAccount, Provision), Provision)
    // what the earlier run gave the trader arrives with the trader's state
    l.received(
      rightsAccount,
      BoundedCounter.empty.increment(exchange, Provision).state.transfer(exchange, trader, 900_000L).state
    )
    val delta = l.give(rightsAccount, trader, 500_000L).getOrElse(fail("no rights given"))
    // half of the 100,000 it still holds, not half of the 1,000,000 it provisioned
    assertEquals(delta.transfers.values.toVector, Vector(950_000L))
    assertEquals(l.state(rightsAccount).rightsOf(exchange), 50_000L)
  }
}
