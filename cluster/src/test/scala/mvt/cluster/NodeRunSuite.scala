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

  private def args(
      role: NodeRole,
      host: String,
      day: Option[String],
      dir: Option[String],
      tls: Option[TlsFiles]
  ) =
    NodeRun.Args(
      NodeRun.settings(
        role,
        host,
        0,
        Vector.empty,
        Consistency.Bounded,
        3,
        1000L,
        1500,
        NodePipeline.Settings.default
      ),
      day,
      dir,
      1,
      ReplaySpeed.parse("max").toOption.get,
      None,
      json = false,
      tls
    )

  test("mvt node's options in its order: the node's settings, its history file, the exchange's day") {
    val a = NodeRun.Args.of(
      NodeRole.Exchange,
      "127.0.0.1",
      0,
      Vector.empty,
      Consistency.Majority,
      4,
      2,
      500L,
      Some("d.csv"),
      Some("dir"),
      2,
      ReplaySpeed.parse("max").toOption.get,
      Some("t.csv"),
      2000,
      NodePipeline.Settings.default,
      true,
      true,
      Some("h.jsonl"),
      None,
      None
    )
    assertEquals(a.node.history, Some(java.nio.file.Path.of("h.jsonl")))
    // the node's directory holds its durable ledger
    assertEquals(a.node.store, Some(java.nio.file.Path.of("dir", "ledger.lmdb")))
    // two strategies per account, and the control channel's Artery test mode
    assertEquals(
      a.node.subscriptions.take(3).map(_.label),
      Vector("acct-1/spread-capture-1", "acct-1/spread-capture-2", "acct-2/spread-capture-1")
    )
    assertEquals(a.node.subscriptions.size, 8)
    assert(a.control && a.node.testMode)
    assertEquals(
      (a.node.mode, a.node.downAfter, a.traders, a.json),
      (Consistency.Majority, Some(2000.millis), 2, true)
    )
    assert(a.exchange)
  }

  test("an exchange needs its day and directory; a node without TLS listens on loopback only") {
    val ok = args(NodeRole.Exchange, "127.0.0.1", Some("d.csv"), Some("dir"), None)
    assertEquals(NodeRun.check(ok), Right(ok))
    assertEquals(
      NodeRun.check(ok.copy(day = None)).left.toOption,
      Some("--data is required for --role exchange")
    )
    assertEquals(
      NodeRun.check(ok.copy(dir = None)).left.toOption,
      Some("--dir is required for --role exchange")
    )
    assertEquals(
      NodeRun.check(args(NodeRole.Trader, "10.1.2.3", None, None, None)).left.toOption,
      Some("--host 10.1.2.3: without --tls-keystore a node listens on loopback only")
    )
    assert(NodeRun.check(args(NodeRole.Trader, "localhost", None, None, None)).isRight)
  }

  test(
    "the TLS options go together: a trust store or password file needs the key store, and it the password"
  ) {
    assertEquals(TlsFiles.of(None, None, None), Right(None))
    assertEquals(TlsFiles.of(Some("k"), None, Some("p")), Right(Some(TlsFiles("k", None, "p"))))
    assertEquals(TlsFiles.of(Some("k"), None, None), Left("--tls-keystore needs --tls-password-file"))
    assert(TlsFiles.of(None, Some("t"), None).isLeft)
    assertEquals(
      TlsFiles("k", Some("t"), "p").args.toList,
      List("--tls-keystore", "k", "--tls-truststore", "t", "--tls-password-file", "p")
    )
  }

  test("before anything starts: missing TLS files and an unreadable day are status 1, a bad day 2") {
    val dir = java.nio.file.Files.createTempDirectory("node-run")
    val noKey =
      args(NodeRole.Trader, "127.0.0.1", None, None, Some(TlsFiles(dir.resolve("k.p12").toString, None, "p")))
    val tls = NodeRun.prepare(noKey)
    assertEquals(tls.left.map(_.status), Left(1))
    assert(tls.left.exists(_.why.contains("TLS key store")), tls.toString)
    val missing = dir.resolve("day.csv").toString
    val unreadable =
      NodeRun.prepare(args(NodeRole.Exchange, "127.0.0.1", Some(missing), Some(dir.toString), None))
    assertEquals(unreadable.left.toOption, Some(mvt.core.RunFailure.io(s"$missing: cannot read the day")))
    java.nio.file.Files.writeString(java.nio.file.Path.of(missing), "not a command\n")
    val bad = NodeRun.prepare(args(NodeRole.Exchange, "127.0.0.1", Some(missing), Some(dir.toString), None))
    assertEquals(bad.left.map(_.status), Left(2))
    val trader = NodeRun.prepare(args(NodeRole.Trader, "127.0.0.1", None, None, None))
    assertEquals(trader.map(_.plan), Right(None))
  }

  test("an exchange on a day its directory already closed stops before anything starts, status 1") {
    val dir = java.nio.file.Files.createTempDirectory("node-run-closed")
    val day = dir.resolve("closed-day.csv")
    java.nio.file.Files.writeString(day, "add,ACME,1,SELL,10.05,100\nadd,ACME,2,BUY,10.05,40\n")
    val journal = dir.resolve("journal")
    val a = args(NodeRole.Exchange, "127.0.0.1", Some(day.toString), Some(journal.toString), None)
    assert(NodeRun.prepare(a).isRight, "a day not played yet")
    // the day played to its close in that directory, as a finished run of the exchange leaves it
    val recorded = mvt.venue.RecordedDay.load(day, None).fold(e => fail(e), identity)
    val venue = mvt.venue.Venue.open(
      mvt.venue.VenueConfig(journal, recorded.name, Vector.empty, replay = Some(recorded)),
      _ => ()
    ).fold(e => fail(e.render), identity)
    val _ = venue.terminated.get(60, java.util.concurrent.TimeUnit.SECONDS)
    val closed = NodeRun.prepare(a)
    assertEquals(closed.left.map(_.status), Left(1))
    assert(closed.left.exists(_.why.contains("is already closed")), closed.toString)
  }
}
