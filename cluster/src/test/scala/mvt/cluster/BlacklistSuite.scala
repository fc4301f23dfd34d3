package mvt.cluster

import mvt.crdt.{ClientId, TradingDay}

import java.time.LocalDate

/** The per-day blacklist replicates a bar to every node, and the next day starts clean; the trust rule. */
class BlacklistSuite extends munit.FunSuite {

  test("a client barred on one node is barred on the other that day, and free the next day") {
    val nodes = new LoopbackCluster(2)
    try {
      Eventually("two nodes up")(nodes.allUp)
      val today = TradingDay(LocalDate.of(2025, 11, 3))
      val tomorrow = TradingDay(LocalDate.of(2025, 11, 4))
      val a = DayBlacklist.start(nodes.systems(0), today)
      val b = DayBlacklist.start(nodes.systems(1), today)
      val bNext = DayBlacklist.start(nodes.systems(1), tomorrow)
      val alice = ClientId("alice")
      a.bar(alice)
      assert(a.isBarred(alice), "the barring node reads its own write at once")
      Eventually("the bar reaches the other node")(b.isBarred(alice))
      assert(!b.isBarred(ClientId("bob")))
      bNext.bar(ClientId("bob"))
      Eventually("the next day's bar is replicated too")(bNext.barred == Set(ClientId("bob")))
      assert(!bNext.isBarred(alice), "a new day starts clean")
      assertEquals(b.barred, Set(alice))
    } finally nodes.close()
  }

  test("the trust rule bars on rejects or on a realized loss above its share of the balance") {
    val rule = TrustScore(3L, 0.5)
    assert(!rule.bars(2L, 0L, 1000L))
    assert(rule.bars(3L, 0L, 1000L))
    assert(!rule.bars(0L, 500L, 1000L))
    assert(rule.bars(0L, 501L, 1000L))
  }
}
