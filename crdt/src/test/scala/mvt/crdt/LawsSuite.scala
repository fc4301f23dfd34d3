package mvt.crdt

import cats.kernel.laws.discipline.BoundedSemilatticeTests
import munit.DisciplineSuite

import Generators.given

/**
 * The cats-kernel laws of a bounded join-semilattice (associative, commutative, idempotent, with
 * the bottom as identity) for every state type, and once for the delta lattice derived from them.
 */
class LawsSuite extends DisciplineSuite {

  checkAll("GCounter", BoundedSemilatticeTests[GCounter].boundedSemilattice)
  checkAll("PNCounter", BoundedSemilatticeTests[PNCounter].boundedSemilattice)
  checkAll("GSet", BoundedSemilatticeTests[GSet[Int]].boundedSemilattice)
  checkAll("TwoPhaseSet", BoundedSemilatticeTests[TwoPhaseSet[Int]].boundedSemilattice)
  checkAll("PNCounterMap", BoundedSemilatticeTests[PNCounterMap[String]].boundedSemilattice)
  checkAll("ClientBalances", BoundedSemilatticeTests[ClientBalances].boundedSemilattice)
  checkAll("Blacklist", BoundedSemilatticeTests[Blacklist].boundedSemilattice)
  checkAll("BoundedCounter", BoundedSemilatticeTests[BoundedCounter].boundedSemilattice)

  // a delta's lattice is its state's own (Delta.given), so one check that the derivation holds is enough;
  // repeating it per type re-ran the state laws above
  checkAll("Delta[GCounter]", BoundedSemilatticeTests[Delta[GCounter]].boundedSemilattice)
}
