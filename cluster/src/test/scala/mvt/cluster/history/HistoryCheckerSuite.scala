package mvt.cluster.history

import mvt.cluster.NodeId
import mvt.crdt.ClientId
import munit.FunSuite

class HistoryCheckerSuite extends FunSuite {
  import OpKind.*

  // a node's operations, numbered 1, 2, ... in the order given, at the given instants
  private def node(name: String, ops: (Long, OpKind, String, String, Long)*): Seq[Operation] =
    ops.zipWithIndex.map { case ((at, k, acct, order, cents), i) =>
      Operation(NodeId(name), 1L, i + 1L, at, k, ClientId(acct), order, cents)
    }

  // the venue provisions 100 cents; trader t1 buys one order of 60 that fills 50 and is refunded 10
  private val clean =
    node(
      "venue",
      (0, Provision, "a", "", 100),
      (3, Ack, "a", "t1/1", 0),
      (3, Apply, "a", "t1/1", 0),
      (4, Fill, "a", "t1/1", 50)
    ) ++
      node(
        "t1",
        (1, Authorize, "a", "t1/1", 60),
        (1, Debit, "a", "t1/1", 60),
        (2, Send, "a", "t1/1", 0),
        (5, Refund, "a", "t1/1", 10),
        (9, Balance, "a", "", 50)
      )

  test("a clean history conserves every cent and overspends nothing") {
    val v = HistoryChecker.check(clean)
    assert(v.ok(overspendAllowed = false), v)
    val a = v.accounts.head
    assertEquals((a.provisionedCents, a.filledCents, a.expectedBalanceCents), (100L, 50L, 50L))
  }

  test("a debit whose order never arrived and was never refunded is lost, and named") {
    val lostAdd = clean ++ node("t2", (6, Debit, "a", "t2/1", 30), (6, Send, "a", "t2/1", 0))
    val v = HistoryChecker.check(lostAdd)
    assert(!v.ok(overspendAllowed = true))
    assertEquals(v.lostCents, 30L)
    assertEquals(v.accounts.head.lostOrders, Vector("t2/1"))
  }

  test("an order applied twice is found") {
    val dup = clean ++ node("venue2", (3, Apply, "a", "t1/1", 0))
    val v = HistoryChecker.check(dup)
    assertEquals(v.accounts.head.appliedTwice, Vector("t1/1"))
    assert(!v.ok(overspendAllowed = true))
  }

  test(
    "a settlement a restarted exchange states again counts once; one made twice by one incarnation is a double"
  ) {
    // the exchange killed after it filled and refunded t1/1, restarted at another address: it settles again what
    // its journal says closed, with the same amounts, since the killed run may not have written it
    val restated = clean ++ node("venue-again", (7, Fill, "a", "t1/1", 50), (7, Refund, "a", "t1/1", 10))
    val v = HistoryChecker.check(restated)
    assert(v.ok(overspendAllowed = false), v)
    assertEquals(v.accounts.head.expectedBalanceCents, 50L)
    // the killed run wrote nothing of it: the restatement is the settlement
    val onlyRestated = clean.filterNot(_.kind == Fill) ++ node("venue-again", (7, Fill, "a", "t1/1", 50))
    assert(HistoryChecker.check(onlyRestated).ok(overspendAllowed = false))
    // one incarnation refunding twice gives back 10 cents too many
    val twice = clean ++ node("t1-again", (6, Refund, "a", "t1/1", 10), (6, Refund, "a", "t1/1", 10))
    val w = HistoryChecker.check(twice)
    assertEquals(w.lostCents, -10L)
    assert(!w.ok(overspendAllowed = true))
  }

  test("two traders spending the same funds at once overspend by the excess, and only then") {
    val both =
      node("venue", (0, Provision, "a", "", 100), (5, Fill, "a", "x/1", 80), (5, Fill, "a", "y/1", 80)) ++
        node("x", (1, Debit, "a", "x/1", 80)) ++ node("y", (2, Debit, "a", "y/1", 80))
    val v = HistoryChecker.check(both)
    assertEquals(v.maxOverspendCents, 60L)
    assert(v.ok(overspendAllowed = true), v)
    assert(!v.ok(overspendAllowed = false))
    // the same two spends one after the other, the first refunded before the second: no overspend
    val apart =
      node("venue", (0, Provision, "a", "", 100)) ++
        node("x", (1, Debit, "a", "x/1", 80), (2, Refund, "a", "x/1", 80)) ++ node(
          "y",
          (3, Debit, "a", "y/1", 80),
          (4, Refund, "a", "y/1", 80)
        )
    assertEquals(HistoryChecker.check(apart).maxOverspendCents, 0L)
  }

  test("a final balance that differs from the history is reported with the node") {
    val wrong = clean ++ node("t3", (9, Balance, "a", "", 40))
    val v = HistoryChecker.check(wrong)
    assertEquals(v.accounts.head.balanceMismatches.size, 1)
    assert(v.accounts.head.balanceMismatches.head.contains("node t3"))
  }

  test("a node's history with a missing operation is incomplete") {
    val gap = clean.filterNot(o => o.node == NodeId("t1") && o.seq == 3)
    val v = HistoryChecker.check(gap)
    assertEquals(v.gaps, Vector("node t1 incarnation 1: operations missing (seq 3)"))
  }

  test(
    "a majority reservation its trader gave back before the order went was never committed; a sent one was"
  ) {
    // x's write found no majority (it was cut off): x gives its 80 back itself and its add never goes; y's order went
    val undone =
      node("venue", (0, Provision, "a", "", 100), (5, Fill, "a", "y#1/s/1", 80)) ++
        node("x", (1, Debit, "a", "x#1/s/1", 80), (4, Refund, "a", "x#1/s/1", 80)) ++
        node("y", (2, Debit, "a", "y#1/s/1", 80), (3, Send, "a", "y#1/s/1", 0))
    val v = HistoryChecker.check(undone)
    assertEquals(v.maxOverspendCents, 0L, v)
    assert(v.ok(overspendAllowed = false), v)
    // the same refund written by a venue (x's order reached the book and was cancelled there): the money was
    // committed meanwhile, and the two orders overspent
    val cancelled =
      node("venue", (0, Provision, "a", "", 100), (5, Fill, "a", "y#1/s/1", 80)) ++
        node("x", (1, Debit, "a", "x#1/s/1", 80)) ++ node("venue2", (4, Refund, "a", "x#1/s/1", 80)) ++
        node("y", (2, Debit, "a", "y#1/s/1", 80), (3, Send, "a", "y#1/s/1", 0))
    val w = HistoryChecker.check(cancelled)
    assertEquals(w.maxOverspendCents, 60L, w)
    assert(!w.ok(overspendAllowed = false))
  }

  test("money is committed when its add or top-up leaves the trader, not while a majority write is pending") {
    // x and y reserve 80 each of 100 at once; their majority writes settle after a credit of 100 came in, and only
    // then do their adds leave: both covered
    val settledLate =
      node(
        "venue",
        (0, Provision, "a", "", 100),
        (4, Credit, "a", "z#1/s/9", 100),
        (8, Fill, "a", "x#1/s/1", 80),
        (8, Fill, "a", "y#1/s/1", 80)
      ) ++
        node("x", (1, Debit, "a", "x#1/s/1", 80), (5, Send, "a", "x#1/s/1", 0)) ++
        node("y", (2, Debit, "a", "y#1/s/1", 80), (6, Send, "a", "y#1/s/1", 0))
    val v = HistoryChecker.check(settledLate)
    assertEquals(v.maxOverspendCents, 0L, v)
    assert(v.ok(overspendAllowed = false), v)
    // the same adds sent as they were reserved, before the credit: 60 overspent until it came
    val sentAtOnce = settledLate.map(o =>
      if (o.kind == Send) o.copy(atNanos = if (o.node == NodeId("x")) 1L else 2L) else o
    )
    assertEquals(HistoryChecker.check(sentAtOnce).maxOverspendCents, 60L)
    // a top-up counts from its modify's send: x's order of 60 went at once, its top-up of 50 waited for the credit
    val toppedUp =
      node(
        "venue",
        (0, Provision, "a", "", 100),
        (3, Credit, "a", "z#1/s/9", 100),
        (6, Fill, "a", "x#1/s/1", 110)
      ) ++
        node(
          "x",
          (1, Debit, "a", "x#1/s/1", 60),
          (1, Send, "a", "x#1/s/1", 0),
          (2, TopUp, "a", "x#1/s/1", 50),
          (4, Send, "a", "x#1/s/1", 0)
        )
    assertEquals(HistoryChecker.check(toppedUp).maxOverspendCents, 0L)
    assertEquals(
      HistoryChecker.check(toppedUp.filterNot(o => o.kind == Send && o.atNanos == 4L)).maxOverspendCents,
      10L,
      "without its send the top-up counts from when it was reserved"
    )
  }
}
