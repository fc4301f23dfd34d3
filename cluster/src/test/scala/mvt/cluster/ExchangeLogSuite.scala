package mvt.cluster

import mvt.crdt.ClientId

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files

/** The exchange's side file reads its ids back as types, and refuses a line whose id is bad by line and field. */
class ExchangeLogSuite extends munit.FunSuite {

  private val dir = FunFixture[java.nio.file.Path](
    _ => Files.createTempDirectory("exchange-log"),
    d => { Files.list(d).forEach(Files.delete(_)); Files.delete(d) }
  )

  private val add =
    "A,5,mvt@127.0.0.1:2553#-4711,3,acct-1,spread-capture,4611686018427387907,ACME,B,10,10100," +
      "pekko://mvt@127.0.0.1:2553/system/trader#123\n"

  dir.test("a side file written before reads back, its ids as they were") { d =>
    val f = d.resolve("2026-03-05.cluster-orders")
    Files.write(f, (add + "M,mvt@127.0.0.1:2553#-4711,4\n").getBytes(UTF_8))
    val (log, held) = ExchangeLog.open(f).fold(e => fail(e), identity)
    log.close()
    val node = NodeId("mvt@127.0.0.1:2553#-4711")
    assertEquals(
      held.adds.map(a => (a.engineId, a.node, a.seq, a.account, a.strategy, a.orderId, a.costCents)),
      Vector((5L, node, 3L, ClientId("acct-1"), StrategyId("spread-capture"), 4611686018427387907L, 10100L))
    )
    assertEquals(held.others, Vector((node, 4L)))
  }

  dir.test("the adds refused by the exchange and by the venue read back with what a restart credits") { d =>
    val f = d.resolve("2026-03-05.cluster-orders")
    Files.write(
      f,
      (add + "R,mvt@127.0.0.1:2553#-4711,4,acct-2,spread-capture,7,B,2500\nV,5\n" +
        "R,mvt@127.0.0.1:2553#-4711,6,acct-2,spread-capture,7,U,3100\n").getBytes(UTF_8)
    )
    val (log, held) = ExchangeLog.open(f).fold(e => fail(e), identity)
    log.close()
    val node = NodeId("mvt@127.0.0.1:2553#-4711")
    val (acct, strategy) = (ClientId("acct-2"), StrategyId("spread-capture"))
    assertEquals(
      held.refused,
      Vector(
        ExchangeLog.Refused(node, 4L, acct, strategy, 7L, true, 2500L),
        ExchangeLog.Refused(node, 6L, acct, strategy, 7L, true, 3100L, modify = true)
      )
    )
    assertEquals(held.venueRefused, Set(5L))
    Files.write(f, "R,mvt@127.0.0.1:2553#-4711,4,acct-2,spread-capture,7,X,2500\n".getBytes(UTF_8))
    assert(ExchangeLog.open(f).swap.exists(_.startsWith(s"$f: line 1: expected R,node,seq")))
  }

  dir.test("a line with a bad id is refused with its line and field") { d =>
    val f = d.resolve("2026-03-05.cluster-orders")
    Files.write(f, (add + add.replace(",acct-1,", ",acct 1,")).getBytes(UTF_8))
    val err = ExchangeLog.open(f).swap.getOrElse(fail("a bad line was read"))
    assert(err.startsWith(s"$f: line 2: field 5 (account): a client id must not hold whitespace"), err)
    Files.write(f, "M,,4\n".getBytes(UTF_8))
    assertEquals(
      ExchangeLog.open(f).swap.toOption,
      Some(s"$f: line 1: field 2 (node): a node id must not be empty")
    )
  }

  dir.test("a buy's modify and what came back of a reservation read back; a bad one is refused by its line") {
    d =>
      val f = d.resolve("2026-03-05.cluster-orders")
      Files.write(
        f,
        (add + "U,5,mvt@127.0.0.1:2553#-4711,4,9000\nG,5,10100\n" +
          "R,mvt@127.0.0.1:2553#-4711,5,acct-1,spread-capture,8,S,0\nV,5\nM,mvt@127.0.0.1:2553#-4711,6\n")
          .getBytes(UTF_8)
      )
      val (log, held) = ExchangeLog.open(f).fold(e => fail(e), identity)
      log.close()
      assertEquals(
        held.topUps,
        Vector(ExchangeLog.ToppedUp(5L, NodeId("mvt@127.0.0.1:2553#-4711"), 4L, 9000L))
      )
      assertEquals(held.releases, Vector((5L, 10100L)))
      // every kind of line in one file, each read as its own
      assertEquals(
        (held.adds.size, held.refused.size, held.venueRefused, held.others.size),
        (1, 1, Set(5L), 1)
      )
      Files.write(f, (add + "G,5,-3\n").getBytes(UTF_8))
      assertEquals(
        ExchangeLog.open(f).swap.toOption,
        Some(s"""$f: line 2: expected G,engineId,cents, found "G,5,-3"""")
      )
      // the release's old letter is a refused add's now: cmod's R,engineId,cents is a bad R line
      Files.write(f, (add + "R,5,10100\n").getBytes(UTF_8))
      assert(ExchangeLog.open(f).swap.exists(_.startsWith(s"$f: line 2: expected R,node,seq")))
  }
}
