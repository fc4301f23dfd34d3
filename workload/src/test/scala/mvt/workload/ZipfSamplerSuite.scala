package mvt.workload

import java.util.SplittableRandom

class ZipfSamplerSuite extends munit.FunSuite {

  private def frequencies(n: Int, s: Double, draws: Int, seed: Long): Array[Double] = {
    val z = new ZipfSampler(n, s)
    val rnd = new SplittableRandom(seed)
    val counts = new Array[Int](n + 1)
    for (_ <- 0 until draws) counts(z.sample(rnd)) += 1
    counts.map(_.toDouble / draws)
  }

  private def exact(n: Int, s: Double): Array[Double] = {
    val w = (1 to n).map(k => math.pow(k.toDouble, -s))
    (0.0 +: w.map(_ / w.sum)).toArray
  }

  test("draws follow the exact law k^-s / H(n, s), for exponents below, at and above 1") {
    for ((n, s) <- Vector((10, 0.5), (10, 1.0), (20, 1.1), (5, 2.5), (1, 1.1))) {
      val f = frequencies(n, s, 200000, 3L)
      val p = exact(n, s)
      assertEquals(f(0), 0.0)
      for (k <- 1 to n) assertEqualsDouble(f(k), p(k), 0.005, s"n=$n s=$s k=$k")
    }
  }

  test("every draw is in 1..n, even for n = Int.MaxValue") {
    val z = new ZipfSampler(Int.MaxValue, 1.1)
    val rnd = new SplittableRandom(9L)
    val draws = Array.fill(100000)(z.sample(rnd))
    assert(draws.forall(k => k >= 1 && k <= Int.MaxValue))
    assert(draws.count(_ == 1) > draws.count(_ == 2))
    val small = new ZipfSampler(3, 0.01)
    assert(Array.fill(10000)(small.sample(rnd)).forall(k => k >= 1 && k <= 3))
  }

  test("the same seed gives the same draws") {
    val z = new ZipfSampler(1000, 1.1)
    def draws(seed: Long) = { val r = new SplittableRandom(seed); Vector.fill(1000)(z.sample(r)) }
    assertEquals(draws(5L), draws(5L))
    assertNotEquals(draws(5L), draws(6L))
  }
}
