package mvt.cluster

import mvt.core.*
import mvt.crdt.{ClientId, ReplicaId}

import java.nio.file.Files
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.duration.*

/**
 * The exchange's reports are effectively once: one lost in flight is sent again until the desk acknowledges it,
 * a repeated one is applied once, one that overtakes a lost one waits for it, a restarted exchange restates what
 * its desks may have missed, and a node that never answers holds no more than its window.
 */
class ReportResendSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private lazy val node = LoneExchange.start(0L)

  override def afterAll(): Unit = node.close()

  // short rounds, so a lost report comes back within a test's first second
  private val Fast = ReportOutbox.Policy(50.millis, 200.millis, 1_000)

  private lazy val heard = new Heard(node, "me")
  private lazy val me = heard.ref

  private val fresh = new AtomicInteger(0)

  /**
   * One subscription's desk and an exchange day, wired as a trader node wires them, over a link that loses the
   * reports `lose` picks and, with `twice`, hands every other report to the desk two times. The desk acknowledges
   * what it applies or has (while `ack`), as the trader node does.
   */
  private final class Loop(policy: ReportOutbox.Policy = Fast)
      extends DeskLoop(
        node,
        heard,
        NodeId(s"t#${fresh.incrementAndGet()}"),
        ClientId(s"r${fresh.get}"),
        1_000_000L,
        Files.createTempDirectory("mvt-reports"),
        policy
      ) {
    var lose: OrderReport => Boolean = _ => false
    var twice = false
    var ack = true
    var lost = 0
    var duplicates = 0
    var early = 0

    // what a trader node does with a report: the desk's verdict, and an acknowledgement unless it came early
    private def deliver(r: ExchangeReport, d: SubscriptionDesk.Delivery): Unit = {
      d match {
        case SubscriptionDesk.Delivery.Duplicate => duplicates += 1
        case SubscriptionDesk.Delivery.Early => early += 1
        case SubscriptionDesk.Delivery.Applied => ()
      }
      if (ack && d != SubscriptionDesk.Delivery.Early) inbox.add(ReportAck(r.ref))
    }

    /** Runs the exchange (its resend rounds too) and hands the desk what reaches it, until `done` holds. */
    def pump(done: => Boolean): Unit =
      runUntil(done) {
        case r: OrderReport =>
          if (lose(r)) lost += 1
          else (1 to (if (twice) 2 else 1)).foreach(_ => deliver(r, desk.report(r)))
        case r: ModifyReport =>
          (1 to (if (twice) 2 else 1)).foreach(_ => deliver(r, desk.amended(r)))
        case _ => ()
      }
  }

  // the first report with a fill of the `n`th number is lost, once
  private def losesFill(l: Loop, n: Int): OrderReport => Boolean =
    r => l.lost == 0 && r.fillQty > 0L && r.fills == n

  test("a lost fill is sent again: the desk's position converges, and the order it took for open is closed") {
    val l = new Loop()
    l.lose = losesFill(l, 1)
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05") // a post-only bid rests
    l.flow(1L, buy = false, "9.99", 10L) // fills it whole: one report, its fill and its close, lost
    l.pump(l.lost == 1)
    assertEquals((l.desk.position("ACME"), l.desk.orders.openOrders), (0L, 1))
    l.pump(l.desk.position("ACME") == 10L)
    assertEquals(l.desk.orders.openOrders, 0)
    assert(l.day.reports.resent > 0L)
    // the desk knows the bid is gone: quoting the other side sends no cancel for it, only the new add
    val (cancels, adds) = (l.day.feed.cancels, l.day.feed.orders)
    l.quote(Side.Sell, "10.04", 5L, bid = "9.98", ask = "10.05")
    assertEquals((l.day.feed.cancels, l.day.feed.orders), (cancels, adds + 1))
    l.pump(l.day.reports.unacknowledged == 0)
    l.close()
  }

  test("a report heard twice, and resent while unacknowledged, is applied once") {
    val l = new Loop()
    l.twice = true
    l.ack = false
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05")
    l.flow(1L, buy = false, "9.99", 4L)
    l.flow(2L, buy = false, "9.99", 6L)
    l.pump(l.day.reports.resent >= 4L) // both fills sent again, twice each at least
    l.ack = true
    l.pump(l.day.reports.unacknowledged == 0)
    assertEquals((l.desk.position("ACME"), l.desk.orders.openOrders), (10L, 0))
    assertEquals(l.day.fills.units, 10L)
    assert(l.duplicates >= 6, s"${l.duplicates} duplicates")
    l.close()
  }

  test("a fill that overtakes a lost one waits for it, and both are applied in order") {
    val l = new Loop()
    l.lose = losesFill(l, 1)
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05")
    l.flow(1L, buy = false, "9.99", 4L) // fill 1, lost
    l.flow(2L, buy = false, "9.99", 6L) // fill 2 and the close: early, until fill 1 comes again
    l.pump(l.early > 0)
    assertEquals(l.desk.position("ACME"), 0L)
    l.pump(l.desk.position("ACME") == 10L)
    assertEquals(l.desk.orders.openOrders, 0)
    l.pump(l.day.reports.unacknowledged == 0)
    l.close()
  }

  test(
    "a restarted exchange restates its orders' fills: the desk takes the one it lacks, and no other twice"
  ) {
    val l = new Loop()
    l.lose = losesFill(l, 1)
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05")
    l.flow(1L, buy = false, "9.99", 4L) // fill 1, lost; the exchange dies before it sends it again
    l.pump(l.lost == 1)
    l.restart()
    l.pump(l.desk.position("ACME") == 4L)
    l.flow(2L, buy = false, "9.99", 6L) // fill 2, numbered after the journal's one
    l.pump(l.desk.position("ACME") == 10L && l.desk.orders.openOrders == 0)
    l.pump(l.day.reports.unacknowledged == 0)
    assertEquals(l.desk.position("ACME"), 10L)
    assertEquals(l.day.fills.units, 10L)
    l.close()
  }

  test("rounds come less often for a node that answers nothing, at the base interval once it answers") {
    val box = new ReportOutbox(1L, ReportOutbox.Policy(1.second, 4.seconds, 10))
    val s = 1_000_000_000L
    val n = NodeId("t#silent")
    def report(ref: Long) =
      OrderReport(ClientId("silent"), StrategyId("s"), 1L, buy = true, 0L, 0L, closed = true, ref.toInt, ref)
    box.send(n, me, 0L, report)
    // a report gets a round's time for its answer; then rounds 1 s, 2 s, then 4 s (the most) apart while silent
    assertEquals(Vector(1L, 2L, 3L, 6L, 7L, 10L, 11L).map(t => box.tick(t * s)), Vector(0, 0, 1, 0, 1, 0, 1))
    assert(box.acknowledged(1L))
    box.send(n, me, 12L * s, report)
    // the answer returns the rounds to a second apart, from the round after it
    assertEquals(Vector(15L, 16L, 17L, 18L).map(t => box.tick(t * s)), Vector(0, 0, 1, 0))
    // a node back in view gets what it has not answered at once
    assertEquals(box.wake(me, 18L * s), 1)
    assertEquals((box.sent, box.resent, box.unacknowledged), (2L, 5L, 1))
  }

  test("a node that never answers holds at most the window, and a removed node's reports are dropped") {
    val l = new Loop(Fast.copy(window = 2))
    l.ack = false
    l.lose = _ => true // a dead desk
    l.quote(Side.Buy, "9.99", 10L, bid = "9.98", ask = "10.05")
    l.flow(1L, buy = false, "9.99", 2L)
    l.flow(2L, buy = false, "9.99", 3L)
    l.flow(3L, buy = false, "9.99", 5L)
    l.pump(l.day.reports.abandoned == 1L)
    assertEquals(l.day.reports.unacknowledged, 2)
    l.inbox.add(ExchangeDay.ReplicaGone(ReplicaId(l.self.value)))
    l.pump(l.day.reports.unacknowledged == 0)
    assertEquals(l.day.reports.abandoned, 3L)
    l.close()
  }
}
