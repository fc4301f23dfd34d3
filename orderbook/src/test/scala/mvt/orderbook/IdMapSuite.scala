package mvt.orderbook

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll
import scala.collection.mutable

/**
 * `IdMap` behaves like a `mutable.HashMap[Long, Long]` over ids that mostly rise, as a day's do, with old ids
 * taken again and jumps far ahead, through the window's growth, slides and evictions into its map.
 */
class IdMapSuite extends munit.ScalaCheckSuite {

  private sealed trait Op
  private final case class Put(k: Long, v: Long) extends Op
  private final case class Remove(k: Long) extends Op
  private final case class Get(k: Long) extends Op

  // a key relative to the highest id so far: just above it (a new order), below it (an old one), far ahead, or
  // one put before (an order that rested a while, likely evicted from the window by now)
  private def genKey(top: Long, put: Vector[Long]): Gen[Long] = Gen.frequency(
    6 -> Gen.choose(1L, 3L).map(top + _),
    3 -> Gen.choose(0L, math.min(top - 1, 5000L)).map(top - _),
    1 -> Gen.choose(1L, 1L << 20).map(top + _),
    1 -> Gen.choose(1L, math.max(1L, top)),
    (if (put.isEmpty) 0 else 4) -> Gen.choose(0, math.max(0, put.size - 1)).map(i => put(i))
  ).map(k => math.max(1L, k))

  private val genOps: Gen[List[Op]] = {
    def go(n: Int, top: Long, put: Vector[Long], acc: List[Op]): Gen[List[Op]] =
      if (n == 0) Gen.const(acc.reverse)
      else
        genKey(top, put).flatMap { k =>
          Gen.frequency(
            5 -> Gen.choose(0L, Int.MaxValue.toLong).map(v => Put(k, v)),
            3 -> Gen.const(Remove(k)),
            2 -> Gen.const(Get(k))
          ).flatMap { op =>
            val more = op match { case Put(k, _) => put :+ k; case _ => put }
            go(n - 1, math.max(top, k), more, op :: acc)
          }
        }
    go(3000, 1L, Vector.empty, Nil)
  }

  property("agrees with a map on rising ids, old ids and jumps, through slides and growth") {
    forAll(genOps) { ops =>
      val map = new IdMap(initialWindow = 16)
      val model = mutable.HashMap.empty[Long, Long]
      ops.zipWithIndex.foreach { (op, i) =>
        op match {
          case Put(k, v) => map.put(k, v); model(k) = v
          case Remove(k) => assertEquals(map.remove(k), model.remove(k).isDefined, s"op $i $op")
          case Get(k) => assertEquals(map.getOrElse(k, -7L), model.getOrElse(k, -7L), s"op $i $op")
        }
        assertEquals(map.size, model.size, s"op $i $op")
      }
      model.foreach((k, v) => assertEquals(map.getOrElse(k, -7L), v, s"get $k"))
    }
  }

  test("a value of 0 is a value, and an id never put is absent") {
    val map = new IdMap(initialWindow = 16)
    map.put(5L, 0L)
    assertEquals(map.getOrElse(5L, -1L), 0L)
    assertEquals(map.getOrElse(6L, -1L), -1L)
    assert(!map.remove(6L))
    assert(map.remove(5L))
    assertEquals(map.size, 0)
  }
}
