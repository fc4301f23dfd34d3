package mvt.cluster.nemesis

import mvt.cluster.{Consistency, NodeId}
import mvt.cluster.history.{OpKind, Operation}
import mvt.crdt.ClientId
import munit.FunSuite

/**
 * A nemesis run's verdict on hand-made histories: each violation is put in the window of the operation that shows
 * it, with its schedule's seed; a killed trader's unsent reservation is counted apart; an overspend fails
 * `bounded` and is reported, not failed, in `local`.
 */
class RunVerdictSuite extends FunSuite {
  import OpKind.*

  // the day starts at 1,000,000 ms (epoch); windows of 500 ms from 1,000 ms into the day, seeds 100 to 109
  private val start = 1_000_000L
  private val windows = Windows(100L, 10, 2, 1000L, 500L)
  private def at(ms: Long) = (start + ms) * 1_000_000L

  // a node's operations, numbered 1, 2, ... in the order given; `inc` its incarnation
  private def node(name: String, inc: Long, ops: (Long, OpKind, String, String, Long)*): Vector[Operation] =
    ops.zipWithIndex.map { case ((ms, k, acct, order, cents), i) =>
      Operation(NodeId(name), inc, i + 1L, at(ms), k, ClientId(acct), order, cents)
    }.toVector

  // the exchange provisions 100; trader t:1#1 buys 60 (fills 50, 10 back) at 1,200 ms, in window 0
  private val exchange = Vector(
    (0L, Provision, "a", "", 100L),
    (1300L, Apply, "a", "t:1#1/s/1", 0L),
    (1400L, Fill, "a", "t:1#1/s/1", 50L),
    (1400L, Refund, "a", "t:1#1/s/1", 10L)
  )
  private val trader = Vector((1200L, Debit, "a", "t:1#1/s/1", 60L))
  private def run(
      mode: Consistency,
      extraExchange: Seq[(Long, OpKind, String, String, Long)] = Nil,
      extraTrader: Seq[(Long, OpKind, String, String, Long)] = Nil,
      injected: Vector[Injected] = Vector.empty,
      balance: Long = 50L
  ) =
    RunVerdict.check(
      mode,
      windows,
      Map(
        "exchange" -> node("x:1", 9L, (exchange ++ extraExchange :+ (12_000L, Balance, "a", "", balance))*),
        "trader-1" -> node("t:1", 1L, (trader ++ extraTrader)*)
      ),
      injected,
      start
    )

  test("a clean run is ok in every mode") {
    Consistency.values.foreach(m => assert(run(m).ok, run(m).lines("replay")))
  }

  test("an order applied twice is found in the window of its second apply, with that schedule's seed") {
    val v = run(Consistency.Bounded, extraExchange = Seq((3600L, Apply, "a", "t:1#1/s/1", 0L)))
    assertEquals(v.findings.map(_.window), Vector(Some(5)))
    val text = v.lines("mvt bench cluster --nemesis 100").mkString("\n")
    assert(text.contains("seed 105") && text.contains("applied twice"), text)
    assert(text.contains("FAILED") && text.contains("replay with: mvt bench cluster --nemesis 100"), text)
  }

  test("a reservation never accounted for is lost, in the window of its debit") {
    val v = run(Consistency.Majority, extraTrader = Seq((2100L, Debit, "a", "t:1#1/s/2", 30L)), balance = 20L)
    assertEquals(v.findings.map(_.window), Vector(Some(2), None))
    assertEquals(v.lostCents, 30L)
  }

  test(
    "a killed trader's reservation from the seconds before its kill is counted apart, balance short or not"
  ) {
    val kill = Vector(Injected(2500L, Fault.Kill(0), "trader-1"))
    Vector(50L, 20L).foreach { balance =>
      val v = run(
        Consistency.Bounded,
        extraTrader = Seq((2100L, Debit, "a", "t:1#1/s/2", 30L)),
        injected = kill,
        balance = balance
      )
      assert(v.ok, v.lines("replay"))
      assertEquals((v.lostWithKill.map(_.cents), v.lostCents), (Vector(30L), 0L))
    }
    // one reserved long before the kill is lost
    val early = run(
      Consistency.Bounded,
      extraTrader = Seq((2100L, Debit, "a", "t:1#1/s/2", 30L)),
      injected = kill.map(_.copy(atMillis = 9000L))
    )
    assert(!early.ok, early.lines("replay"))
  }

  test("an overspend fails bounded in the window it happened, and is reported in local") {
    // a second trader spends 80 at 4,200 ms (window 6) while the first's 60 is still reserved: 140 of 100
    val second = Seq((4200L, Debit, "a", "t:2#1/s/1", 80L))
    val settle = Seq((4300L, Apply, "a", "t:2#1/s/1", 0L), (4400L, Refund, "a", "t:2#1/s/1", 80L))
    def verdict(mode: Consistency) = RunVerdict.check(
      mode,
      windows,
      Map(
        "exchange" -> node(
          "x:1",
          9L,
          (Vector(
            (0L, Provision, "a", "", 100L),
            (1300L, Apply, "a", "t:1#1/s/1", 0L),
            (5000L, Fill, "a", "t:1#1/s/1", 50L),
            (5000L, Refund, "a", "t:1#1/s/1", 10L)
          ) ++ settle :+ (12_000L, Balance, "a", "", 50L))*
        ),
        "trader-1" -> node("t:1", 1L, trader*),
        "trader-2" -> node("t:2", 1L, second*)
      ),
      Vector.empty,
      start
    )
    val bounded = verdict(Consistency.Bounded)
    assertEquals(bounded.findings.map(_.window), Vector(Some(6)), bounded.lines("replay"))
    assertEquals(bounded.verdict.maxOverspendCents, 40L)
    val local = verdict(Consistency.Local)
    assert(local.ok, local.lines("replay"))
    assert(
      local.lines("replay").exists(_.contains("overspent up to 40 cents on 1 accounts (allowed in local)"))
    )
  }
}
