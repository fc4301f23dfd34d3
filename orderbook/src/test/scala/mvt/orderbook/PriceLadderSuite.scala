package mvt.orderbook

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll
import scala.collection.immutable.TreeMap

/** `PriceLadder` keeps its keys sorted with the best (greatest) last, like a sorted map of key to level. */
class PriceLadderSuite extends munit.ScalaCheckSuite {

  private sealed trait Op
  private final case class Open(key: Long) extends Op // find, and insert at the insertion point when absent
  private final case class Close(key: Long) extends Op // find, and remove when present
  private case object PopBest extends Op

  private val genKey: Gen[Long] = Gen.frequency(
    5 -> Gen.choose(-30L, 30L),
    1 -> Gen.choose(Long.MinValue / 2, Long.MaxValue / 2),
    1 -> Gen.oneOf(-1000000000000000000L, 1000000000000000000L - 1, 0L)
  )
  private val genOp: Gen[Op] =
    Gen.frequency(6 -> genKey.map(Open.apply), 3 -> genKey.map(Close.apply), 1 -> Gen.const(PopBest))

  private def agree(ops: Seq[Op], initial: Int): Unit = {
    val ladder = new PriceLadder(initial)
    var model = TreeMap.empty[Long, Int]
    var nextLevel = 0
    ops.zipWithIndex.foreach { (op, step) =>
      op match {
        case Open(k) =>
          val at = ladder.find(k)
          if (model.contains(k)) assertEquals(ladder.levelAt(at), model(k), s"step $step")
          else {
            assert(at < 0, s"step $step: absent $k found at $at")
            assertEquals(-at - 1, model.rangeUntil(k).size, s"step $step: insertion point of $k")
            ladder.insertAt(-at - 1, k, nextLevel)
            model += k -> nextLevel
            nextLevel += 1
          }
        case Close(k) =>
          val at = ladder.find(k)
          if (model.contains(k)) {
            assertEquals(at, model.rangeUntil(k).size, s"step $step: index of $k")
            ladder.removeAt(at)
            model -= k
          } else assertEquals(-at - 1, model.rangeUntil(k).size, s"step $step: insertion point of $k")
        case PopBest =>
          if (model.nonEmpty) {
            assertEquals(ladder.bestLevel, model.last._2, s"step $step")
            ladder.removeBest()
            model = model.init
          }
      }
      assertEquals(ladder.size, model.size)
      assertEquals(ladder.isEmpty, model.isEmpty)
      assertEquals(
        (0 until ladder.size).map(i => ladder.keyAt(i) -> ladder.levelAt(i)).toVector,
        model.toVector
      )
    }
  }

  property("agrees with a sorted map, growing from one slot") {
    forAll(Gen.listOfN(300, genOp)) { ops => agree(ops, initial = 1) }
  }

  property("agrees with a sorted map on wide books, where find bisects") {
    forAll(Gen.listOfN(600, Gen.frequency(8 -> genKey.map(Open.apply), 2 -> genKey.map(Close.apply)))) {
      ops =>
        agree(ops, initial = 64)
    }
  }

  test("find near the top and deep in a large ladder") {
    val ladder = new PriceLadder()
    (0 until 10000).foreach(i => ladder.insertAt(i, i * 10L, i))
    assertEquals(ladder.find(99990L), 9999)
    assertEquals(ladder.find(99995L), -10000 - 1)
    assertEquals(ladder.find(100000L), -10000 - 1)
    assertEquals(ladder.find(0L), 0)
    assertEquals(ladder.find(-5L), -1)
    // the edge between the searched part and the top 16 that are scanned: index 9983 is the last searched
    assertEquals(ladder.find(99830L), 9983)
    assertEquals(ladder.find(99835L), -9984 - 1)
    assertEquals(ladder.find(99840L), 9984)
    assertEquals(ladder.find(55555L), -5556 - 1)
    assertEquals(ladder.find(55550L), 5555)
    assertEquals(ladder.bestLevel, 9999)
  }

  test("every key and gap of ladders of 1 to 40 entries, across the scanned top and the searched rest") {
    for (n <- 1 to 40) {
      val ladder = new PriceLadder(1)
      (0 until n).foreach(i => ladder.insertAt(i, i * 2L, i))
      for (i <- 0 until n) {
        assertEquals(ladder.find(i * 2L), i, s"n=$n key ${i * 2}")
        assertEquals(ladder.find(i * 2L - 1), -i - 1, s"n=$n gap below ${i * 2}")
      }
      assertEquals(ladder.find(n * 2L), -n - 1, s"n=$n above the top")
    }
  }
}
