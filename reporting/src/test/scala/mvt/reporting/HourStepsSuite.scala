package mvt.reporting

import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal as JBig

/** `HourSteps` against a naive step function: a list of (hour, value) searched from the end. */
class HourStepsSuite extends munit.ScalaCheckSuite {

  // strictly increasing hours, around zero and far out, with values that repeat now and then
  private val steps: Gen[Vector[(Long, JBig)]] = for {
    n <- Gen.choose(0, 40)
    start <- Gen.oneOf(Gen.choose(-1000L, 1000L), Gen.const(490000L))
    gaps <-
      Gen.listOfN(n, Gen.frequency(4 -> Gen.const(1L), 3 -> Gen.choose(2L, 30L), 1 -> Gen.choose(31L, 500L)))
    values <- Gen.listOfN(n, Gen.choose(-100000L, 100000L))
  } yield gaps.scanLeft(start)(_ + _).tail.toVector.zip(values.map(v => JBig.valueOf(v, 2)))

  property("at and startsBy match the naive step function at every hour around the steps") {
    Prop.forAll(steps) { s =>
      val h = new HourSteps[JBig]
      s.foreach((hour, v) => h.add(hour, v))
      val probes =
        if (s.isEmpty) Vector(-1L, 0L, 1L)
        else (s.head._1 - 3 to s.last._1 + 3).toVector
      for (q <- probes) {
        val expected = s.reverseIterator.find(_._1 <= q).fold(null: JBig)(_._2)
        assertEquals(h.at(q), expected, s"hour $q")
        assertEquals(h.startsBy(q), s.exists(_._1 <= q), s"hour $q")
      }
      true
    }
  }
}
