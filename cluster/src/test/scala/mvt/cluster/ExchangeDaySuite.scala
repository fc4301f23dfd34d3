package mvt.cluster

import mvt.core.*
import mvt.crdt.ClientId
import mvt.trader.orders.StrategyIds
import munit.ScalaCheckSuite
import org.apache.pekko.actor.typed.ActorRef
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.duration.*

/**
 * The exchange's side of the trading loop on one node: the traders' orders match on the engine against the day's
 * flow and each other, fills go back to the sender, a closed order credits back what its debit did not pay for,
 * and at the close every account reconciles with the trade feed exactly.
 */
class ExchangeDaySuite extends ScalaCheckSuite {

  override val munitTimeout: Duration = 2.minutes

  // each case opens a venue of its own (journal, fsyncs, two threads): fewer cases than the default 100
  override def scalaCheckTestParameters = super.scalaCheckTestParameters.withMinSuccessfulTests(20)

  private val Provision = 1_000_000L
  private val Large = 1_000_000_000_000L
  private val acme = Symbol.unsafe("ACME")

  private lazy val node = LoneExchange.start(Provision)

  override def afterAll(): Unit = node.close()

  private val reports = new LinkedBlockingQueue[OrderReport]()
  private val acks = new LinkedBlockingQueue[OrderAck]()
  // per order, the fills and the close heard so far (the trader actor's own)
  private val heardOf = scala.collection.mutable.HashMap.empty[(ClientId, StrategyId, Long), (Int, Boolean)]
  private lazy val trader: ActorRef[TraderNode.Command] =
    node.system.systemActorOf(
      Behaviors.receiveMessage[TraderNode.Command] {
        // as a desk hears them: a resend, or a restatement after a restart, of a report already heard is not new
        case r: OrderReport =>
          val k = (r.account, r.strategy, r.orderId)
          val (n, closed) = heardOf.getOrElse(k, (0, false))
          if ((r.fillQty > 0L && r.fills > n) || (r.closed && !closed)) {
            heardOf.update(k, (math.max(n, r.fills), closed || r.closed))
            reports.add(r)
          }
          Behaviors.same
        case a: OrderAck => acks.add(a); Behaviors.same
        case _ => Behaviors.same
      },
      "reports"
    )

  private val fresh = new AtomicInteger(0)

  // a day of `n` fresh accounts, fed by trader node `from` with strategy s's orders, answered to `trader`
  private def fixture(n: Int, provision: Long = Provision, from: NodeId = NodeId("t#1")): LoneDay = {
    val k = fresh.incrementAndGet()
    new LoneDay(
      node,
      Vector.tabulate(n)(i => ClientId(s"x$k-${i + 1}")),
      provision,
      from,
      StrategyId("s"),
      trader
    )
  }

  // the next `n` reports of `of`'s accounts (every account when empty): a report an earlier test's order is still
  // owed can arrive after that test ended, and the accounts of each test are its own
  private def takeReports(n: Int, of: Set[ClientId] = Set.empty): Vector[OrderReport] =
    Vector.fill(n) {
      var r: OrderReport = null
      while (r == null) {
        r = Option(reports.poll(30, java.util.concurrent.TimeUnit.SECONDS)).getOrElse(fail("no report"))
        if (of.nonEmpty && !of.contains(r.account)) r = null
      }
      r
    }

  test("fills go back to the sender, a cancel credits the rest back, and both accounts reconcile exactly") {
    reports.clear()
    val f = fixture(2)
    val Vector(a, b) = f.accounts
    f.flow(1L, buy = false, "100.00", 50L)
    f.send(
      LoneExchange.Kind.Add,
      a,
      0L,
      buy = true,
      "100.50",
      80L
    ) // debits 804,000 cents; takes the 50 at 100.00
    f.day.drain()
    f.send(
      LoneExchange.Kind.Add,
      b,
      0L,
      buy = false,
      "100.50",
      10L
    ) // b's sell meets a's resting 30 at 100.50
    f.day.drain()
    assertEquals(
      takeReports(3).map(r => (r.account, r.fillQty, r.fillPriceRaw, r.closed)).toSet,
      Set(
        (a, 50L, Price.unsafe("100.00").raw, false),
        (a, 10L, Price.unsafe("100.50").raw, false),
        (b, 10L, Price.unsafe("100.50").raw, true)
      )
    )
    assertEquals(f.day.openOrders, 1)
    f.send(
      LoneExchange.Kind.Withdraw,
      a,
      0L,
      buy = false,
      "",
      0L
    ) // the subscription moved: its open 20 leave
    f.day.drain()
    assertEquals(takeReports(1).map(r => (r.account, r.fillQty, r.closed)), Vector((a, 0L, true)))
    assertEquals(f.day.openOrders, 0)
    // a buy's cost is its fills' value, a sell's proceeds theirs; everything else came back
    assertEquals(node.ledger.balance(a), Provision - 500_000L - 100_500L)
    assertEquals(node.ledger.balance(b), Provision + 100_500L)
    f.day.close()
    // an order after the close is refused, and its debit comes back
    f.send(LoneExchange.Kind.Add, a, 1L, buy = true, "99.00", 5L)
    f.day.drain()
    assertEquals(takeReports(1).map(r => (r.fillQty, r.closed)), Vector((0L, true)))
    val rec = f.day.reconciliation(Provision)
    assertEquals(
      rec.map(r => (r.spent, r.received, r.missing)),
      Vector((600_500L, 0L, 0L), (0L, 100_500L, 0L))
    )
    assertEquals(f.day.fills.fills, 3L) // a trade between two traders' orders is a fill of each
  }

  test("a modify moves the order in the engine; its fills are reported and it closes when filled") {
    reports.clear()
    val f = fixture(1)
    val a = f.accounts.head
    f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L) // debits 10,000 cents
    f.day.drain()
    f.send(LoneExchange.Kind.Modify, a, 0L, buy = true, "9.50", 8L)
    f.day.drain()
    assertEquals(f.day.openOrders, 1)
    f.flow(1L, buy = false, "9.50", 3L) // takes 3 of the moved order at its new price
    f.flow(2L, buy = false, "9.50", 20L) // takes the other 5: no more than the modify left
    assertEquals(
      takeReports(2).map(r => (r.fillQty, r.fillPriceRaw, r.closed)),
      Vector((3L, Price.unsafe("9.50").raw, false), (5L, Price.unsafe("9.50").raw, true))
    )
    assertEquals(f.day.openOrders, 0)
    // paid 8 x 9.50 = 7,600 of the 10,000 debited; the rest came back
    assertEquals(node.ledger.balance(a), Provision - 7_600L)
    f.day.close()
  }

  test(
    "a buy's modify whose debit does not cover the modified order, or of an unknown order, is refused, its debit " +
      "comes back, and nothing changes"
  ) {
    reports.clear()
    val f = fixture(1)
    val a = f.accounts.head
    f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L)
    f.day.drain()
    val refusedBefore = f.day.refused
    // debited 10,000 for a modified order that costs 10,500
    assertEquals(node.ledger.authorize(a, 10_000L), Authorization.Approved)
    f.inbox.add(OrderMessage(
      NodeId("t#1"),
      f.nextSeq(),
      a,
      StrategyId("s"),
      OrderCommand.Modify("ACME", StrategyIds.First, Price.unsafe("10.50").raw, 10L, 10_000L),
      trader
    ))
    f.send(LoneExchange.Kind.Modify, a, 7L, buy = true, "9.00", 1L) // never sent
    f.day.drain()
    assertEquals(f.day.refused, refusedBefore + 2L)
    f.flow(1L, buy = false, "10.50", 20L) // would have filled the order had it moved
    assertEquals(f.day.openOrders, 1)
    assertEquals(node.ledger.balance(a), Provision - 10_000L)
    f.send(LoneExchange.Kind.Cancel, a, 0L, buy = false, "", 0L)
    f.day.drain()
    assertEquals(takeReports(1).map(r => (r.fillQty, r.closed)), Vector((0L, true)))
    assertEquals(node.ledger.balance(a), Provision)
    f.day.close()
  }

  test("a duplicate message is applied once, and a trader that left has its open orders cancelled") {
    reports.clear()
    val f = fixture(1)
    val a = f.accounts.head
    f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L)
    val sent = f.inbox.peek().asInstanceOf[OrderMessage]
    acks.clear()
    f.inbox.add(sent) // the same (node, seq) again: a resend after a lost acknowledgement
    f.day.drain()
    assertEquals(f.day.feed.duplicates, 1L)
    assertEquals(f.day.openOrders, 1)
    // acknowledged both times, once durable: the sender stops resending
    val heard =
      Vector.fill(2)(Option(acks.poll(30, java.util.concurrent.TimeUnit.SECONDS)).getOrElse(fail("no ack")))
    assertEquals(heard, Vector.fill(2)(OrderAck(NodeId("t#1"), sent.seq)))
    f.inbox.add(ExchangeDay.NodeGone(trader))
    f.day.drain()
    assertEquals(f.day.openOrders, 0)
    assertEquals(takeReports(1).map(_.closed), Vector(true))
    assertEquals(node.ledger.balance(a), Provision)
    f.day.close()
  }

  // one order of a random day: the flow's or a trader's, an add (side, price in ticks, quantity) or a cancel
  private final case class Step(
      trader: Boolean,
      account: Int,
      add: Boolean,
      buy: Boolean,
      ticks: Int,
      qty: Long
  )

  private val step: Gen[Step] = for {
    trader <- Gen.oneOf(true, false)
    account <- Gen.choose(0, 2)
    add <- Gen.frequency(4 -> true, 1 -> false)
    buy <- Gen.oneOf(true, false)
    ticks <- Gen.choose(9_990, 10_010)
    qty <- Gen.choose(1L, 300L)
  } yield Step(trader, account, add, buy, ticks, qty)

  property(
    "on any day, after the close every account's balance is provisioned - spent + received, by the fills"
  ) {
    forAll(Gen.listOfN(60, step)) { steps =>
      reports.clear()
      val f = fixture(3, Large)
      var flowId = 0L
      val ids = Array(0L, 0L, 0L)
      steps.foreach { s =>
        val price = BigDecimal(s.ticks) / 100
        if (!s.trader) {
          if (s.add) { flowId += 1; f.flow(flowId, s.buy, price.toString, s.qty) }
          else if (flowId > 0)
            LoneExchange.flowCommand(f.day, Command.Cancel(acme, OrderId(1L + (s.ticks % flowId))))
        } else {
          val a = f.accounts(s.account)
          if (s.add) {
            f.send(LoneExchange.Kind.Add, a, ids(s.account), s.buy, price.toString, s.qty);
            ids(s.account) += 1
          } else if (ids(s.account) > 0)
            f.send(LoneExchange.Kind.Cancel, a, s.ticks % ids(s.account), buy = false, "", 0L)
          f.day.drain()
        }
      }
      f.day.close()
      f.day.release()
      val rec = f.day.reconciliation(Large)
      f.day.openOrders == 0 && rec.forall(_.matches) &&
      rec.map(r => r.spent - r.received).sum == rec.map(r => Large - r.balance).sum
    }
  }

  // `f`'s order of 10, 4 of them filled before the crash, and `resent` again to the reopened day `again`: it is
  // applied once, the other 6 fill at `price` and no more, and the account has paid `paid`; then the day closes
  private def resentOnce(
      f: LoneDay,
      again: ExchangeDay,
      resent: OrderMessage,
      price: String,
      paid: Long
  ): Unit = {
    val a = f.accounts.head
    f.inbox.add(resent)
    again.drain()
    assertEquals((again.feed.duplicates, again.openOrders), (1L, 1))
    LoneExchange.flow(again, acme, 2L, buy = false, price, 10L)
    assertEquals(takeReports(1, Set(a)).map(r => (r.fillQty, r.closed)), Vector((6L, true)))
    assertEquals(node.ledger.balance(a), Provision - paid)
    again.close()
    again.release()
  }

  test(
    "reopened on its directory, the exchange knows its orders and their fills, and a resent add is applied once"
  ) {
    reports.clear()
    val f = fixture(1, from = NodeId("t#9"))
    val a = f.accounts.head
    val add = f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L)
    f.day.drain()
    f.flow(1L, buy = false, "10.00", 4L) // fills 4 of the 10
    assertEquals(takeReports(1, Set(a)).map(r => (r.fillQty, r.closed)), Vector((4L, false)))
    val again = f.reopen() // stopped with the session open, as a crash leaves it
    assertEquals((again.openOrders, again.fills.fills, again.feed.orders), (1, 1L, 1L))
    resentOnce(f, again, add, "10.00", paid = 10_000L) // the sender's resend: it had no acknowledgement of it
  }

  test(
    "reopened on its directory, a modified buy holds its add's and its modify's debits less what came back, and a " +
      "resent modify is applied once"
  ) {
    reports.clear()
    val f = fixture(1, from = NodeId("t#8"))
    val a = f.accounts.head
    f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L) // debits 10,000
    f.day.drain()
    // debits 9,000; once applied 10,000 come back
    val modify = f.send(LoneExchange.Kind.Modify, a, 0L, buy = true, "9.00", 10L)
    f.day.drain()
    assertEquals(node.ledger.balance(a), Provision - 9_000L)
    f.flow(1L, buy = false, "9.00", 4L)
    assertEquals(takeReports(1, Set(a)).map(r => (r.fillQty, r.closed)), Vector((4L, false)))
    val again = f.reopen()
    assertEquals(again.openOrders, 1)
    // resent: it had no acknowledgement. The reservation it settles with is 9,000, all paid for: nothing given
    // back twice, nothing kept
    resentOnce(f, again, modify, "9.00", paid = 9_000L)
  }

  test(
    "reopened on a replica that lost every credit, a modified buy's give-back is restored once with the provision"
  ) {
    reports.clear()
    val f = fixture(1, from = NodeId("t#7"))
    val (a, inbox) = (f.accounts.head, f.inbox)
    f.send(LoneExchange.Kind.Add, a, 0L, buy = true, "10.00", 10L) // debits 10,000
    f.day.drain()
    // debits 9,000; once applied 10,000 come back (a G line)
    f.send(LoneExchange.Kind.Modify, a, 0L, buy = true, "9.00", 10L)
    f.day.drain()
    assertEquals(f.day.credited, 10_000L)
    f.flow(1L, buy = false, "9.00", 4L)
    assertEquals(takeReports(1, Set(a)).map(r => (r.fillQty, r.closed)), Vector((4L, false)))
    LoneExchange.crash(f.day)
    // the day's replica started anew with none of its entries (every credit died with the killed process); in
    // bounded, as the exchange runs, and since the node runs its own ledger in local
    val replica = mvt.crdt.ReplicaId(s"exchange-restore-${a.value}")
    val ledger = Ledger.start(node.system, Consistency.Bounded, Vector(a), 2.seconds, replica = Some(replica))
    val venue = mvt.venue.Venue.open(
      mvt.venue.VenueConfig(f.dir, "2026-01-02", Vector(acme)),
      _ => ()
    ).fold(e => fail(e.render), identity)
    val again = ExchangeDay.open(
      venue,
      Vector(a),
      ledger,
      new LatestTops,
      inbox,
      ClusterNode.refs(node.system),
      Provision
    ).fold(e => fail(e), identity)
    // the provision and the 10,000 given back, once; the open order's 9,000 stays reserved
    assertEquals((again.restored, again.openOrders, again.settledBeforeRestart), (Provision + 10_000L, 1, 0))
    again.close() // the close cancels it: 4 filled at 9.00 (3,600) of its 9,000, so 5,400 come back
    assertEquals(again.credited, 5_400L)
    again.release()
  }
}
