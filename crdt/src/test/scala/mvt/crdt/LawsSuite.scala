package mvt.crdt

import cats.kernel.laws.discipline.BoundedSemilatticeTests
import munit.DisciplineSuite

import Generators.given

/**
 * The cats-kernel laws of a bounded join-semilattice (associative, commutative, idempotent, with
 * the bottom as identity) for every state type and every delta type.
 */
class LawsSuite extends DisciplineSuite {

  checkAll("GCounter", BoundedSemilatticeTests[GCounter].boundedSemilattice)
  checkAll("PNCounter", BoundedSemilatticeTests[PNCounter].boundedSemilattice)
  checkAll("GSet", BoundedSemilatticeTests[GSet[Int]].boundedSemilattice)
  checkAll("TwoPhaseSet", BoundedSemilatticeTests[TwoPhaseSet[Int]].boundedSemilattice)
  checkAll("PNCounterMap", BoundedSemilatticeTests[PNCounterMap[String]].boundedSemilattice)
  checkAll("ClientBalances", BoundedSemilatticeTests[ClientBalances].boundedSemilattice)
  checkAll("Blacklist", BoundedSemilatticeTests[Blacklist].boundedSemilattice)

  checkAll("Delta[GCounter]", BoundedSemilatticeTests[Delta[GCounter]].boundedSemilattice)
  checkAll("Delta[PNCounter]", BoundedSemilatticeTests[Delta[PNCounter]].boundedSemilattice)
  checkAll("Delta[GSet]", BoundedSemilatticeTests[Delta[GSet[Int]]].boundedSemilattice)
  checkAll("Delta[TwoPhaseSet]", BoundedSemilatticeTests[Delta[TwoPhaseSet[Int]]].boundedSemilattice)
  checkAll("Delta[PNCounterMap]", BoundedSemilatticeTests[Delta[PNCounterMap[String]]].boundedSemilattice)
  checkAll("Delta[ClientBalances]", BoundedSemilatticeTests[Delta[ClientBalances]].boundedSemilattice)
  checkAll("Delta[Blacklist]", BoundedSemilatticeTests[Delta[Blacklist]].boundedSemilattice)
}
