package mvt.cluster

import mvt.crdt.{BoundedCounter, ReplicaId}
import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/**
 * A downed replica's entries taken over in the `bounded` mode: its debits raised to what the order feed shows, its
 * rights moved to the adopter, the invariant kept (every share non-negative, the shares summing to the value).
 */
class AdoptSuite extends ScalaCheckSuite {

  private val ex = ReplicaId("ex#1")
  private val dead = ReplicaId("t1#2")
  private val alive = ReplicaId("t2#3")
  private val b = Spending.boundedCounter

  private val histories = for {
    provision <- Gen.choose(1_000L, 1_000_000L)
    toDead <- Gen.choose(0L, 1_000L)
    seen <- Gen.choose(0L, 1_000L) // what the dead replica's deltas carried of its debits
    unseen <- Gen.choose(0L, 1_000L) // debits of orders that reached the exchange but not the cluster
  } yield (provision, math.min(toDead, provision), seen, unseen)

  property(
    "the adopter holds the dead replica's rights less its unseen debits, and the value drops by those"
  ) {
    forAll(histories) { (provision, toDead, seen0, unseen0) =>
      val s0 = BoundedCounter.empty.increment(ex, provision).state.transfer(ex, dead, toDead).state
      val seen = math.min(seen0, toDead)
      val s1 = if (seen > 0L) s0.decrement(dead, seen).state else s0
      val unseen = math.min(unseen0, toDead - seen)
      b.adopt(s1, ex, dead, seen + unseen) match {
        case None => toDead - seen == 0L
        case Some((s2, delta)) =>
          s2.rightsOf(dead) == 0L && s2.decrements.countOf(dead) == seen + unseen &&
          s2.value == s1.value - unseen && s2.rightsOf(ex) == s1.rightsOf(ex) + (toDead - seen - unseen) &&
          s1.merge(delta) == s2 && s2.shares.values.forall(_ >= 0L) && s2.shares.values.sum == s2.value
      }
    }
  }

  test("a live peer's rights are untouched, and the PN counter of the other modes has nothing to adopt") {
    val s = BoundedCounter.empty.increment(ex, 100L).state.transfer(ex, alive, 40L).state.transfer(
      ex,
      dead,
      30L
    ).state
    val (after, _) = b.adopt(s, ex, dead, 10L).getOrElse(fail("nothing adopted"))
    assertEquals(after.rightsOf(alive), 40L)
    assertEquals(after.rightsOf(ex), 30L + 20L)
    assertEquals(after.value, 90L)
    assertEquals(Spending.pnCounter.adopt(mvt.crdt.PNCounter.empty, ex, dead, 10L), None)
  }
}
