package mvt.cluster.fork

import mvt.cluster.{Consistency, NodeEvent, NodeId, NodeRole, ReplaySpeed}

import java.nio.file.Path

/**
 * `mvt cluster`'s report is made from the nodes' decoded events: the killed and restarted traders, the takeover,
 * and each live trader's positions against the exchange's by the trade feed, a difference named per subscription.
 */
class ClusterReportSuite extends munit.FunSuite {

  private val plan =
    ForkedCluster.Plan(
      Path.of("day.csv"),
      2,
      Consistency.Bounded,
      2,
      1000L,
      ReplaySpeed(100.0),
      Some(3),
      true,
      1000
    )

  private def held(sub: String, hs: (String, Long)*) =
    NodeEvent.SubscriptionHeld(sub, hs.toVector.map(NodeEvent.Held(_, _)))

  private def status(fills: Long) = NodeEvent.Status(1, 5L, 4L, 1L, fills, 0L, 0L, 0L, "sent=4")

  private val exchange = ForkedCluster.Captured(
    "exchange",
    NodeEvents(Vector(
      NodeEvent.Up(NodeId("127.0.0.1:1"), NodeRole.Exchange, "bounded", 1L, Some("100")),
      NodeEvent.DayStarted(2),
      NodeEvent.DayPlayed(10L),
      NodeEvent.AccountReconciled(mvt.crdt.ClientId("a"), 1000L, 10L, 5L, 995L, 0L),
      NodeEvent.FeedPosition(held("a/s", "ACME" -> 3L)),
      NodeEvent.FeedPosition(held("b/s", "ACME" -> -2L)),
      NodeEvent.DaySummary(4L, 1L, 0L, 2L, 0L, 5L, 1, 0L, 1L, 0L, reconciled = true)
    )),
    Vector.empty
  )

  private def trader(
      name: String,
      owns: Vector[String],
      at: Long,
      positions: Vector[NodeEvent.SubscriptionHeld],
      waiting: Vector[String] = Vector.empty
  ) =
    ForkedCluster.Captured(
      name,
      NodeEvents(Vector(
        NodeEvent.Up(NodeId(name), NodeRole.Trader, "bounded", at - 10L, None),
        NodeEvent.Owns(at, owns),
        status(2L),
        NodeEvent.Positions(positions, waiting)
      )),
      Vector.empty
    )

  // trader-1, long at ACME, killed at 200 ms; the survivor took its subscriptions at 250 ms
  private val killed = trader("trader-1", Vector("a/s", "b/s"), 100L, Vector(held("a/s", "ACME" -> 3L)))
  private def afterKill(survivor: ForkedCluster.Captured) =
    ForkedCluster.Outcome(plan, exchange, 0, Vector(killed, survivor), Some(0), 200L, None, 0L)

  test("a live trader whose positions equal the feed's passes; one that differs is named per subscription") {
    val o = afterKill(trader("trader-2", Vector("a/s", "b/s"), 250L, Vector(held("a/s", "ACME" -> 3L))))
    val lines = ClusterReport.lines(o)
    assert(
      lines.contains("trader-1 (killed): owned=1 decisions=5 orders=4 cancels=1 fills=2 refused=0 " +
        "barred-refusals=0 realized-cents=0 pipeline: sent=4; last owns 2 at 100"),
      lines.mkString("\n")
    )
    assert(
      lines.contains("takeover: survivors re-shared the subscriptions 50 ms after the kill"),
      lines.mkString("\n")
    )
    assert(
      lines.contains(
        "positions trader-2: 2 owned, 0 started from the exchange's position, equal to the trade feed: false"
      ),
      lines.mkString("\n")
    )
    assert(lines.contains("  b/s: flat held, ACME=-2 by the trade feed"), lines.mkString("\n"))
    assert(lines.contains("exchange: account a provisioned=1000 spent=10 received=5 balance=995 missing=0"))
    assert(lines.last.startsWith("exchange: orders 4 cancels 1"), lines.mkString("\n"))
    assertEquals(o.takeoverMillis, Some(50L))
  }

  test(
    "a subscription still waiting for the exchange's position is counted apart, not compared with the feed"
  ) {
    // b/s moved to this trader as the day closed: its desk never heard where b/s stands, so it holds nothing
    val lines = ClusterReport.lines(
      afterKill(trader(
        "trader-2",
        Vector("a/s", "b/s"),
        250L,
        Vector(held("a/s", "ACME" -> 3L)),
        Vector("b/s")
      ))
    )
    assert(
      lines.contains("positions trader-2: 2 owned, 0 started from the exchange's position, " +
        "1 still waiting for it, equal to the trade feed: true"),
      lines.mkString("\n")
    )
    assert(!lines.exists(_.startsWith("  b/s:")), lines.mkString("\n"))
    // a waiting subscription does not hide a trading one that differs
    val wrong = trader("trader-2", Vector("a/s", "b/s"), 250L, Vector.empty, Vector("b/s"))
    val lines2 = ClusterReport.lines(afterKill(wrong))
    assert(
      lines2.exists(_.endsWith("1 still waiting for it, equal to the trade feed: false")),
      lines2.mkString("\n")
    )
    assert(lines2.contains("  a/s: flat held, ACME=3 by the trade feed"), lines2.mkString("\n"))
  }

  test("an exchange that failed is reported with what it and any trader wrote to stderr") {
    val lonely =
      ForkedCluster.Captured("trader-1", NodeEvents(Vector.empty), Vector("mvt node: cannot start the node"))
    val o = ForkedCluster.Outcome(
      plan.copy(killAfterSeconds = None),
      exchange.copy(events = NodeEvents(Vector.empty), errors = Vector("killed")),
      143,
      Vector(lonely),
      None,
      0L,
      None,
      0L
    )
    val text = ClusterReport.lines(o).mkString("\n")
    assert(text.contains("exchange failed: killed"), text)
    assert(text.contains("trader-1: mvt node: cannot start the node"), text)
  }
}
