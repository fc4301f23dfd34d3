package mvt.cluster

import io.circe.parser.decode
import io.circe.syntax.*
import mvt.cluster.history.{HistoryCodec, OpKind, Operation}
import mvt.crdt.ClientId

/**
 * The cluster's ids: each smart constructor refuses bad text with a reason, their JSON form is the bare string,
 * and the event and history lines written before the ids were types still read, and are written the same.
 */
class IdsSuite extends munit.FunSuite {

  test("good ids are taken as they are") {
    assertEquals(
      NodeId.parse("mvt@127.0.0.1:35551#-7476058188278934379").map(_.value),
      Right("mvt@127.0.0.1:35551#-7476058188278934379")
    )
    assertEquals(StrategyId.parse("spread-capture").map(_.value), Right("spread-capture"))
    assertEquals(ClientId.parse("acct-12").map(_.value), Right("acct-12"))
  }

  test("bad text is refused with a reason that names the id and what is wrong") {
    assertEquals(NodeId.parse(""), Left("a node id must not be empty"))
    assertEquals(NodeId.parse("t1/spread"), Left("a node id must not hold '/', found \"t1/spread\""))
    assertEquals(StrategyId.parse("a,b"), Left("a strategy id must not hold ',', found \"a,b\""))
    assertEquals(
      StrategyId.parse("spread capture"),
      Left("a strategy id must not hold whitespace or control characters, found U+0020 at character 7")
    )
    assertEquals(
      ClientId.parse("acct\n1"),
      Left("a client id must not hold whitespace or control characters, found U+000A at character 5")
    )
    assertEquals(ClientId.parse("acct-1/x"), Left("a client id must not hold '/', found \"acct-1/x\""))
    intercept[IllegalArgumentException](NodeId("a b"))
    intercept[IllegalArgumentException](StrategyId(""))
  }

  test("the JSON form of an id is the bare string, and a bad one is refused when read") {
    import ClientIdJson.given
    assertEquals(NodeId("n#1").asJson.noSpaces, "\"n#1\"")
    assertEquals(StrategyId("spread").asJson.noSpaces, "\"spread\"")
    assertEquals(ClientId("acct-1").asJson.noSpaces, "\"acct-1\"")
    assertEquals(decode[NodeId]("\"n#1\""), Right(NodeId("n#1")))
    assert(decode[NodeId]("\"\"").isLeft)
    assert(decode[StrategyId]("\"a/b\"").isLeft)
    assert(decode[ClientId]("\"a b\"").isLeft)
  }

  // lines as the nodes wrote them while their ids were plain strings
  private val oldEvents = Vector(
    """{"Up":{"node":"127.0.0.1:2553","role":"trader","mode":"local","atMillis":1795678966277,"speed":null}}""" ->
      NodeEvent.Up(NodeId("127.0.0.1:2553"), NodeRole.Trader, "local", 1795678966277L, None),
    """{"Up":{"node":"127.0.0.1:2552","role":"exchange","mode":"bounded","atMillis":1,"speed":"max"}}""" ->
      NodeEvent.Up(NodeId("127.0.0.1:2552"), NodeRole.Exchange, "bounded", 1L, Some("max")),
    """{"AccountReconciled":{"account":"acct-1","provisioned":20000000,"spent":9361100,"received":25633100,"balance":36272000,"missing":0}}""" ->
      NodeEvent.AccountReconciled(ClientId("acct-1"), 20000000L, 9361100L, 25633100L, 36272000L, 0L),
    """{"OrdersFrom":{"node":"mvt@127.0.0.1:35551#-7476058188278934379","debited":79354100}}""" ->
      NodeEvent.OrdersFrom(NodeId("mvt@127.0.0.1:35551#-7476058188278934379"), 79354100L),
    """{"Barred":{"account":"acct-2","day":"2026-03-04","why":"3 balance refusals, realized loss 10 cents"}}""" ->
      NodeEvent.Barred(ClientId("acct-2"), "2026-03-04", "3 balance refusals, realized loss 10 cents")
  )

  test("a node's event lines written before still read, and are written the same") {
    oldEvents.foreach { (line, event) =>
      assertEquals(NodeEvent.fromJson(line), Right(event), line)
      assertEquals(NodeEvent.toJson(event), line)
    }
  }

  test("an event line with a bad id is refused with a reason") {
    val r = NodeEvent.fromJson("""{"OrdersFrom":{"node":"","debited":1}}""")
    assert(r.left.exists(_.contains("a node id must not be empty")), r.toString)
  }

  test("a history line written before still reads, and is written the same") {
    import HistoryCodec.given
    val line =
      """{"node":"mvt@127.0.0.1:2553","incarnation":-4711,"seq":3,"atNanos":1795678966277000001,"kind":"debit",""" +
        """"account":"acct-1","order":"mvt@127.0.0.1:2553#-4711/spread/4611686018427387907","cents":10100}"""
    val op = Operation(
      NodeId("mvt@127.0.0.1:2553"),
      -4711L,
      3L,
      1795678966277000001L,
      OpKind.Debit,
      ClientId("acct-1"),
      "mvt@127.0.0.1:2553#-4711/spread/4611686018427387907",
      10100L
    )
    assertEquals(decode[Operation](line), Right(op))
    assertEquals(op.asJson.noSpaces, line)
    assert(decode[Operation](line.replace("\"acct-1\"", "\"acct 1\"")).isLeft)
  }
}
