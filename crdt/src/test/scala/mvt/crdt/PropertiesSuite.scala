package mvt.crdt

import cats.kernel.BoundedSemilattice
import munit.ScalaCheckSuite
import org.scalacheck.{Arbitrary, Gen}
import org.scalacheck.Arbitrary.arbitrary
import org.scalacheck.Prop.forAll

import Generators.{*, given}

/** Properties the kernel laws do not cover: monotone values, the sign of updates, and deltas. */
class PropertiesSuite extends ScalaCheckSuite {

  property("a G-Counter's value never decreases under merge") {
    forAll { (a: GCounter, b: GCounter) =>
      val m = a.merge(b)
      m.value >= a.value && m.value >= b.value && m.value <= a.value + b.value
    }
  }

  property("a G-Set never loses an element under merge") {
    forAll((a: GSet[Int], b: GSet[Int]) => a.merge(b).elements == a.elements ++ b.elements)
  }

  property("a blacklist never loses a client under merge") {
    forAll { (a: Blacklist, b: Blacklist) =>
      val m = a.merge(b)
      days.forall(d => m.clientsOn(d) == a.clientsOn(d) ++ b.clientsOn(d))
    }
  }

  property("an increment raises a G-Counter by exactly its amount") {
    forAll(arbitrary[GCounter], replica, amount)((s, r, n) => s.increment(r, n).state.value == s.value + n)
  }

  property("a decrement lowers a PN-Counter by exactly its amount, and never raises it") {
    forAll(arbitrary[PNCounter], replica, amount) { (s, r, n) =>
      val after = s.decrement(r, n).state.value
      after == s.value - n && (n == 0L || after < s.value)
    }
  }

  property("an increment raises a PN-Counter by exactly its amount") {
    forAll(arbitrary[PNCounter], replica, amount) { (s, r, n) =>
      s.increment(r, n).state.value == s.value + n
    }
  }

  property("a decrement that reaches other replicas only through merge still lowers their value") {
    forAll(arbitrary[PNCounter], replica, Gen.choose(1L, 1000L)) { (s, r, n) =>
      val other = PNCounter.empty.merge(s)
      other.merge(s.decrement(r, n).state).value == s.value - n
    }
  }

  property("a removed 2P-Set element never comes back, whatever is merged or added") {
    forAll { (s: TwoPhaseSet[Int], other: TwoPhaseSet[Int], e: Int) =>
      val removed = s.remove(e).state
      val merged = removed.merge(other).merge(other.add(e).state)
      !merged.contains(e) && !merged.add(e).state.contains(e) && merged.isRemoved(e)
    }
  }

  property("a 2P-Set holds what was added and not removed") {
    forAll((s: TwoPhaseSet[Int]) => s.elements == s.added.elements -- s.removed.elements)
  }

  test("negative amounts are refused with a message, never applied with their sign flipped") {
    val r = replicas.head
    val c = clients.head
    val refusals: List[(String, () => Any)] = List(
      "GCounter.increment" -> (() => GCounter.empty.increment(r, -1L)),
      "PNCounter.increment" -> (() => PNCounter.empty.increment(r, -1L)),
      "PNCounter.decrement" -> (() => PNCounter.empty.decrement(r, -5L)),
      "PNCounterMap.decrement" -> (() => PNCounterMap.empty[String].decrement(r, "k", -5L)),
      "ClientBalances.credit" -> (() => ClientBalances.empty.credit(r, c, -1L)),
      "ClientBalances.debit" -> (() => ClientBalances.empty.debit(r, c, -5L)),
      "OpGCounter.increment" -> (() => OpGCounter.empty.increment(r, -1L)),
      "OpPNCounter.decrement" -> (() => OpPNCounter.empty.decrement(r, -5L))
    )
    refusals.foreach { case (name, call) =>
      val e = intercept[IllegalArgumentException](call())
      assert(e.getMessage.contains("must be non-negative"), s"$name: ${e.getMessage}")
    }
  }

  test("a replica's count overflowing a Long fails instead of wrapping") {
    val r = replicas.head
    val full = GCounter.empty.increment(r, Long.MaxValue).state
    intercept[ArithmeticException](full.increment(r, 1L))
    val both = full.merge(GCounter.empty.increment(replicas(1), 1L).state)
    intercept[ArithmeticException](both.value)
  }

  test("zero increments store nothing, so equal values are equal states") {
    val r = replicas.head
    assertEquals(GCounter.empty.increment(r, 0L).state, GCounter.empty)
    assertEquals(PNCounterMap.empty[String].decrement(r, "k", 0L).state, PNCounterMap.empty[String])
    assertEquals(GCounter.empty.increment(r, 0L).delta.state, GCounter.empty)
  }

  deltaProperties[GCounter]("GCounter", gCounterUpdate)
  deltaProperties[PNCounter]("PNCounter", pnCounterUpdate)
  deltaProperties[GSet[Int]]("GSet", gSetUpdate)
  deltaProperties[TwoPhaseSet[Int]]("TwoPhaseSet", twoPhaseSetUpdate)
  deltaProperties[PNCounterMap[String]]("PNCounterMap", pnCounterMapUpdate)
  deltaProperties[ClientBalances]("ClientBalances", clientBalancesUpdate)
  deltaProperties[Blacklist]("Blacklist", blacklistUpdate)
  deltaProperties[BoundedCounter]("BoundedCounter", boundedCounterUpdate)

  private def deltaProperties[S](name: String, update: Gen[Update[S]])(using
      states: Arbitrary[S],
      lattice: BoundedSemilattice[S]
  ): Unit = {
    property(s"$name: its delta joined into the state it came from gives the new state") {
      forAll(states.arbitrary, update) { (s, u) =>
        val up = u(s)
        lattice.combine(s, up.delta.state) == up.state
      }
    }
    property(s"$name: its delta merges into any state that saw the old state as the full new state does") {
      forAll(states.arbitrary, states.arbitrary, update) { (s, other, u) =>
        val up = u(s)
        val seen = lattice.combine(other, s)
        lattice.combine(seen, up.delta.state) == lattice.combine(seen, up.state)
      }
    }
    property(s"$name: its delta lies below the new state") {
      forAll(states.arbitrary, update) { (s, u) =>
        val up = u(s)
        lattice.combine(up.state, up.delta.state) == up.state
      }
    }
  }
}
