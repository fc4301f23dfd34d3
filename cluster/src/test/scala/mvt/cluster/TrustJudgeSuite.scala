package mvt.cluster

import mvt.crdt.ClientId

import scala.collection.mutable

/**
 * The trader's judge bars a client once, for its own refusals or a realized loss past the trust score, and says why;
 * refusals the cluster caused weigh nothing.
 */
class TrustJudgeSuite extends munit.FunSuite {

  private val (a, b, c) = (ClientId("a"), ClientId("b"), ClientId("c"))

  private final class World {
    val losses = mutable.HashMap.empty[ClientId, Long].withDefaultValue(0L)
    val barred = mutable.LinkedHashMap.empty[ClientId, String]
    val judge =
      new TrustJudge(TrustScore(3L, 0.5), 1000L, losses, barred.contains, (a, why) => barred.update(a, why))
  }

  test("the refusals reaching the score bar the client once, with the reason") {
    val w = new World
    w.judge.refused(a, Refusal.Insufficient)
    w.judge.refused(a, Refusal.Insufficient)
    assertEquals(w.barred.toMap, Map.empty[ClientId, String])
    w.judge.refused(b, Refusal.Insufficient)
    w.judge.refused(a, Refusal.Insufficient)
    assertEquals(w.barred.toMap, Map(a -> "3 balance refusals, realized loss 0 cents"))
    w.judge.refused(a, Refusal.Insufficient)
    assertEquals(w.barred.size, 1, "barred once")
    assertEquals((w.judge.refusals(a), w.judge.refusals(b)), (4L, 1L))
  }

  test("a realized loss above the share of the provision bars the client without any refusal") {
    val w = new World
    w.losses.update(c, 500L)
    w.judge.judge(c)
    assert(w.barred.isEmpty, "half the provision is not above half")
    w.losses.update(c, 501L)
    w.judge.judge(c)
    assertEquals(w.barred.get(c), Some("0 balance refusals, realized loss 501 cents"))
  }

  test("a burst of refusals the cluster caused bars nobody; the client's own refusals still do") {
    val w = new World
    val unavailable = Vector(Refusal.NoRights, Refusal.NoMajority, Refusal.NotReplicated)
    (1 to 200).foreach(i => w.judge.refused(a, unavailable(i % unavailable.size)))
    assertEquals(
      w.barred.toMap,
      Map.empty[ClientId, String],
      "no rights here yet, no majority: not the client's doing"
    )
    assertEquals((w.judge.refusals(a), w.judge.unavailableRefusals(a)), (0L, 200L))
    w.judge.refused(a, Refusal.Insufficient)
    w.judge.refused(a, Refusal.Insufficient)
    w.judge.refused(a, Refusal.NoRights)
    assert(w.barred.isEmpty, "two of its own refusals are under the score")
    w.judge.refused(a, Refusal.Insufficient)
    assertEquals(w.barred.toMap, Map(a -> "3 balance refusals, realized loss 0 cents"))
  }
}
