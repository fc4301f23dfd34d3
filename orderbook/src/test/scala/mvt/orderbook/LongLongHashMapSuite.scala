package mvt.orderbook

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll
import scala.collection.mutable

/** `LongLongHashMap` behaves like a `mutable.HashMap[Long, Long]`, including under collisions and growth. */
class LongLongHashMapSuite extends munit.ScalaCheckSuite {

  /** Keys whose home slot is the same in a 16-slot table (the initial size): worst-case probe runs. */
  private def colliding(slot: Int): Vector[Long] =
    Iterator.from(1).map(_.toLong).filter(k => ((k * 0x9e3779b97f4a7c15L) >>> 60).toInt == slot).take(24).toVector

  // slot 15 collisions wrap around the table's end; slot 0 ones start at it
  private val hotKeys = colliding(0) ++ colliding(15)

  private val genKey: Gen[Long] = Gen.frequency(
    4 -> Gen.oneOf(hotKeys),
    3 -> Gen.choose(1L, 64L),
    1 -> Gen.choose(1L, Long.MaxValue),
    1 -> Gen.oneOf(Long.MaxValue, Long.MaxValue - 1, 1L << 62, Long.MinValue, -1L)
  )

  private sealed trait Op
  private final case class Put(k: Long, v: Long) extends Op
  private final case class Remove(k: Long) extends Op
  private final case class Get(k: Long) extends Op

  private val genOp: Gen[Op] = Gen.frequency(
    5 -> Gen.zip(genKey, Gen.choose(0L, Long.MaxValue)).map(Put.apply),
    3 -> genKey.map(Remove.apply),
    2 -> genKey.map(Get.apply)
  )

  private def agree(ops: Seq[Op], initial: Int): Unit = {
    val map = new LongLongHashMap(initial)
    val model = mutable.HashMap.empty[Long, Long]
    ops.zipWithIndex.foreach { (op, i) =>
      op match {
        case Put(k, v) => map.put(k, v); model(k) = v
        case Remove(k) => assertEquals(map.remove(k), model.remove(k).isDefined, s"op $i $op")
        case Get(k) => assertEquals(map.getOrElse(k, -1L), model.getOrElse(k, -1L), s"op $i $op")
      }
      assertEquals(map.size, model.size, s"op $i $op")
    }
    // every key, present or not, answers as the model does
    (hotKeys ++ (1L to 64L) ++ model.keys).foreach { k =>
      assertEquals(map.getOrElse(k, -1L), model.getOrElse(k, -1L), s"get $k")
      assertEquals(map.contains(k), model.contains(k), s"contains $k")
    }
    val seen = mutable.HashMap.empty[Long, Long]
    map.foreach((k, v) => seen(k) = v)
    assertEquals(seen, model)
    assert(map.size * 2 <= map.capacity, s"${map.size} keys in ${map.capacity} slots")
  }

  property("random put/remove/get sequences from a tiny table, through growth") {
    forAll(Gen.listOfN(400, genOp)) { ops => agree(ops, initial = 1) }
  }

  property("long sequences on colliding keys only") {
    val genHot = Gen.frequency(
      1 -> Gen.oneOf(hotKeys).map(k => Put(k, k & Long.MaxValue)),
      1 -> Gen.oneOf(hotKeys).map(Remove.apply)
    )
    forAll(Gen.listOfN(1000, genHot)) { ops => agree(ops, initial = 64) }
  }

  test("the colliding keys really share a home slot") {
    assertEquals(hotKeys.size, 48)
    val map = new LongLongHashMap(8)
    assertEquals(map.capacity, 16)
  }

  test("many keys: insert, remove half, reinsert") {
    val map = new LongLongHashMap()
    val model = mutable.HashMap.empty[Long, Long]
    val rnd = new scala.util.Random(3L)
    (1 to 200000).foreach { i =>
      val k = if (i % 2 == 0) i.toLong else (rnd.nextLong() & Long.MaxValue) | 1L
      map.put(k, i.toLong); model(k) = i.toLong
    }
    model.keys.toVector.zipWithIndex.foreach { (k, i) =>
      if (i % 2 == 0) { assertEquals(map.remove(k), true); model -= k }
    }
    model.keys.foreach(k => assertEquals(map.getOrElse(k, -1L), model(k)))
    assertEquals(map.size, model.size)
    (1 to 1000).foreach(i =>
      assertEquals(
        map.getOrElse(i.toLong * 7919 + 1000000007L, -1L),
        model.getOrElse(i.toLong * 7919 + 1000000007L, -1L)
      )
    )
  }

  test("replacing a value keeps the size; removing an absent key reports false") {
    val map = new LongLongHashMap(4)
    map.put(5L, 1L)
    map.put(5L, 2L)
    assertEquals(map.size, 1)
    assertEquals(map.getOrElse(5L, -1L), 2L)
    assertEquals(map.remove(6L), false)
    assertEquals(map.remove(5L), true)
    assertEquals(map.remove(5L), false)
    assertEquals(map.size, 0)
    assertEquals(map.getOrElse(5L, -1L), -1L)
  }
}

/** Guards of the small things a caller can get wrong. */
class ConstructionGuardsSuite extends munit.FunSuite {
  test("0 is never a key of LongLongHashMap: put refuses it, lookups miss it") {
    val m = new LongLongHashMap(4)
    intercept[IllegalArgumentException](m.put(0L, 1L))
    assert(!m.contains(0L))
    assertEquals(m.getOrElse(0L, -7L), -7L)
    m.put(-5L, 3L) // any other key works, negative ones too
    assertEquals(m.getOrElse(-5L, 0L), 3L)
    assert(!m.remove(0L))
  }

  test("a fast book refuses capacities of 0 at construction") {
    intercept[IllegalArgumentException](new FastOrderBook(initialOrders = 0))
    intercept[IllegalArgumentException](new FastOrderBook(initialLevels = 0))
  }
}
