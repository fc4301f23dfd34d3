package mvt.cluster

import java.io.{ByteArrayOutputStream, PrintStream}
import scala.concurrent.duration.*

/** What `mvt node` prints of its events, and the settings it runs a node with. */
class NodeRunSuite extends munit.FunSuite {

  private val events = Vector(NodeEvent.DayStarted(3), NodeEvent.CaughtUp(9L))

  private def printed(json: Boolean): Vector[String] = {
    val bytes = new ByteArrayOutputStream()
    events.foreach(NodeRun.printer(new PrintStream(bytes), json))
    bytes.toString("UTF-8").linesIterator.toVector
  }

  test("each event a line: as text, or as a JSON line that reads back as the event") {
    assertEquals(printed(json = false), events.map(_.render))
    assertEquals(printed(json = true).map(NodeEvent.fromJson), events.map(Right(_)))
  }

  test("a node's settings: every account subscribed to spread capture, down after the given silence") {
    val s = NodeRun.settings(
      NodeRole.Trader,
      "127.0.0.1",
      0,
      Vector("127.0.0.1:2552"),
      Consistency.Bounded,
      3,
      1000L,
      1500,
      NodePipeline.Settings.default
    )
    assertEquals(s.subscriptions, Subscription.accounts(3, StrategyId("spread-capture")))
    assertEquals((s.downAfter, s.testMode, s.seeds), (Some(1500.millis), false, Vector("127.0.0.1:2552")))
  }
}
