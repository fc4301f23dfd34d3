package mvt.cluster

import mvt.crdt.ClientId

/**
 * The node's events cross a process boundary as JSON lines: every kind reads back as itself, a line that is not
 * an event is refused with a reason, and the text form is the line `mvt node` prints.
 */
class NodeEventSuite extends munit.FunSuite {

  private val held = NodeEvent.SubscriptionHeld(
    "acct-1/spread",
    Vector(NodeEvent.Held("ACME", 200L), NodeEvent.Held("NVDA", -100L))
  )

  private val every: Vector[NodeEvent] = Vector(
    NodeEvent.Up(NodeId("127.0.0.1:2552"), NodeRole.Exchange, "bounded", 1L, Some("max")),
    NodeEvent.Up(NodeId("127.0.0.1:2553"), NodeRole.Trader, "local", 1795678966277L, None),
    NodeEvent.DayStarted(3),
    NodeEvent.DayPlayed(120000L),
    NodeEvent.AccountReconciled(ClientId("acct-1"), 20000000L, 9361100L, 25633100L, 36272000L, 0L),
    NodeEvent.OrdersFrom(NodeId("mvt@127.0.0.1:35551#-7476058188278934379"), 79354100L),
    NodeEvent.FeedPosition(held),
    NodeEvent.DaySummary(82L, 18L, 0L, 64L, 3L, 216956200L, 1, 0L, 20L, 0L, reconciled = true),
    NodeEvent.Owns(1795678966277L, Vector("acct-1/spread", "acct-2/spread")),
    NodeEvent.Owns(5L, Vector.empty),
    NodeEvent.Barred(ClientId("acct-2"), "2026-03-04", "3 balance refusals, realized loss 10 cents"),
    NodeEvent.PositionStarted(held, 7L, 2),
    NodeEvent.CaughtUp(9L),
    NodeEvent.Status(2, 74L, 53L, 11L, 40L, 17L, 0L, 200L, "sent=20 superseded=196"),
    NodeEvent.Positions(Vector(held, held.copy(subscription = "acct-3/spread"))),
    NodeEvent.Control("cut 127.0.0.1:2553", true, "", 11L),
    NodeEvent.Control("heal", false, "Artery did not apply it", 12L),
    NodeEvent.Reachability(NodeId("127.0.0.1:2553"), false, 13L),
    NodeEvent.Probe(NodeId("127.0.0.1:2553"), true, 14L),
    NodeEvent.Positions(Vector(held), Vector("acct-2/spread", "acct-5/spread"))
  )

  test("every event reads back from its JSON line as itself") {
    every.foreach { e =>
      val line = NodeEvent.toJson(e)
      assert(!line.contains('\n'), line)
      assertEquals(NodeEvent.fromJson(line), Right(e), line)
    }
  }

  test("a line that is not an event is refused with a reason") {
    Vector("", "owns 2 at 5: a,b", "{}", """{"Owns":{"atMillis":"soon","subscriptions":[]}}""").foreach { l =>
      assert(NodeEvent.fromJson(l).isLeft, l)
    }
  }

  test("the text form is the line mvt node prints") {
    assertEquals(every(8).render, "owns 2 at 1795678966277: acct-1/spread,acct-2/spread")
    assertEquals(every(6).render, "position acct-1/spread ACME=200,NVDA=-100")
    assertEquals(every(11).render, "position acct-1/spread at 7: ACME=200,NVDA=-100 (withdrawn 2)")
    assertEquals(
      every(14).render,
      "positions acct-1/spread ACME=200,NVDA=-100 acct-3/spread ACME=200,NVDA=-100"
    )
    assertEquals(NodeEvent.Positions(Vector.empty).render, "positions")
    assertEquals(
      every.last.render,
      "positions acct-1/spread ACME=200,NVDA=-100 waiting acct-2/spread,acct-5/spread"
    )
    assertEquals(every(3).render, "day played: 120,000 commands")
  }
}
