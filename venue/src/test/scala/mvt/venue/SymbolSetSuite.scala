package mvt.venue

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** The submitters' symbol check answers as a hash set of the same names, for the same strings and equal copies. */
class SymbolSetSuite extends munit.ScalaCheckSuite {

  private val name = Gen.choose(1, 8).flatMap(n => Gen.listOfN(n, Gen.oneOf('A' to 'E')).map(_.mkString))

  property("contains agrees with a hash set of the names, for the names, equal copies and others") {
    forAll(Gen.listOf(name), Gen.listOf(name)) { (traded, asked) =>
      val set = new SymbolSet(traded)
      val reference = traded.toSet
      traded.foreach(n => assert(set.contains(n), n))
      (traded ++ asked).foreach { n =>
        val copy = new String(n.toCharArray) // equal, not the same object
        assertEquals(set.contains(copy), reference.contains(n), n)
      }
    }
  }

  test("an empty set holds nothing") {
    assert(!new SymbolSet(Nil).contains("ACME"))
  }
}
