package mvt.orderbook

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** `OrderIndex.take` removes an id only from the book it rests in, and answers as a model map does. */
class OrderIndexSuite extends munit.ScalaCheckSuite {

  test("take returns the handle and removes the id only for the book it rests in") {
    val index = new OrderIndex(4)
    index.register(7L, book = 2, handle = 41)
    assertEquals(index.take(7L, 1), -1)
    assert(index.isLive(7L), "a take for another book must leave the id live")
    assertEquals(index.take(8L, 2), -1)
    assertEquals(index.take(7L, 2), 41)
    assert(!index.isLive(7L))
    assertEquals(index.take(7L, 2), -1)
    assertEquals(index.size, 0)
  }

  property("register and take agree with a model through growth and collisions") {
    val genOp = Gen.zip(Gen.oneOf(true, false), Gen.choose(1L, 200L), Gen.choose(0, 3), Gen.choose(0, 1000))
    forAll(Gen.listOfN(600, genOp)) { ops =>
      val index = new OrderIndex(1)
      val model = scala.collection.mutable.HashMap.empty[Long, (Int, Int)]
      ops.foreach { (register, id, book, handle) =>
        if (register && !model.contains(id)) { index.register(id, book, handle); model(id) = (book, handle) }
        else {
          val expected = model.get(id).filter(_._1 == book).map(_._2).getOrElse(-1)
          assertEquals(index.take(id, book), expected, s"take($id, $book)")
          if (expected >= 0) model.remove(id)
        }
        assertEquals(index.size, model.size)
      }
      model.foreach((id, bh) => assertEquals(index.handle(id, bh._1), bh._2))
    }
  }

  // ids as exchanges hand them out: mostly the next one, sometimes an old or a far one; takes of recent and old
  private sealed trait IdOp
  private final case class Next(step: Long, book: Int) extends IdOp
  private final case class Old(back: Long, book: Int) extends IdOp
  private final case class Take(back: Long, book: Int) extends IdOp
  private val genIdOp: Gen[IdOp] = Gen.frequency(
    10 -> Gen.zip(
      Gen.frequency(20 -> Gen.const(1L), 2 -> Gen.choose(2L, 40L), 1 -> Gen.choose(1000L, 100000L)),
      Gen.choose(0, 2)
    ).map(Next.apply),
    1 -> Gen.zip(Gen.choose(1L, 5000L), Gen.choose(0, 2)).map(Old.apply),
    8 -> Gen.zip(Gen.frequency(5 -> Gen.choose(0L, 30L), 2 -> Gen.choose(0L, 3000L)), Gen.choose(0, 2)).map(
      Take.apply
    )
  )

  property("increasing ids, with stragglers and jumps: the window and the map together answer as a model") {
    forAll(Gen.listOfN(1500, genIdOp)) { ops =>
      val index = new OrderIndex(16)
      val model = scala.collection.mutable.HashMap.empty[Long, (Int, Int)]
      var top = 1000L
      var handle = 0
      ops.foreach { op =>
        op match {
          case Next(step, book) =>
            top += step
            if (!model.contains(top)) { index.register(top, book, handle); model(top) = (book, handle) }
          case Old(back, book) =>
            val id = math.max(1L, top - back)
            if (!model.contains(id)) { index.register(id, book, handle); model(id) = (book, handle) }
          case Take(back, book) =>
            val id = top - back
            val expected = model.get(id).filter(_._1 == book).map(_._2).getOrElse(-1)
            assertEquals(index.take(id, book), expected, s"take($id, $book)")
            if (expected >= 0) model.remove(id)
        }
        handle += 1
        assertEquals(index.size, model.size)
      }
      model.foreach((id, bh) => assertEquals(index.handle(id, bh._1), bh._2, s"id $id"))
      val seen = scala.collection.mutable.HashMap.empty[Long, (Int, Int)]
      index.foreach((id, b, h) => seen(id) = (b, h))
      assertEquals(seen, model)
    }
  }

  test("a window at its maximum slides and hands every live id it leaves to the evictor, once") {
    val window = new IdWindow(4, 8)
    val evicted = scala.collection.mutable.ArrayBuffer.empty[(Long, Long)]
    val evict = new IdWindow.Evict { def evict(id: Long, value: Long): Unit = evicted += ((id, value)) }
    (1L to 6L).foreach(id => { if (!window.covers(id)) window.reach(id, evict); window.set(id, id * 10) })
    assertEquals(window.capacity, 8) // more than an eighth live: it doubled rather than evict
    assertEquals(evicted.toVector, Vector.empty)
    window.clear(2L)
    window.reach(
      20L,
      evict
    ) // past the maximum: slides to [14, 22), 20 an eighth of the capacity below the top
    assertEquals(window.lowest, 14L)
    assertEquals(evicted.toVector, Vector(1L -> 10L, 3L -> 30L, 4L -> 40L, 5L -> 50L, 6L -> 60L))
    assertEquals(window.size, 0)
    assert(window.covers(20L) && window.covers(21L) && !window.covers(13L) && !window.covers(22L))
  }

  test(
    "ids rising one by one move a full window a step at a time: no pause of more than a step of evictions"
  ) {
    val window = new IdWindow(1024, 1024)
    var evictedNow = 0
    val evictedIds = scala.collection.mutable.ArrayBuffer.empty[Long]
    val evict = new IdWindow.Evict {
      def evict(id: Long, value: Long): Unit = { evictedNow += 1; evictedIds += id }
    }
    (1L to 20000L).foreach { id =>
      evictedNow = 0
      if (id >= window.threshold) window.reach(id, evict)
      assert(evictedNow <= IdWindow.Step, s"id $id: $evictedNow evictions in one move")
      assert(window.covers(id), s"id $id not covered")
      window.set(id, id)
    }
    // every id the window left behind went to the evictor once, oldest first; the rest are still in it
    assertEquals(evictedIds.toVector, (1L until window.lowest).toVector)
    assertEquals(window.size.toLong, 20000L - window.lowest + 1)
    assert(20000L - window.lowest < 1024 - 1024 / 8, "the top eighth stays ahead of the ids")
  }

  test("ids next to Long.MaxValue: the window moves there without overflow, and older ids go to the map") {
    val index = new OrderIndex(16)
    index.register(5L, 0, 1)
    index.register(Long.MaxValue, 0, 2)
    index.register(Long.MaxValue - 1, 1, 3)
    index.register(7L, 1, 4)
    assertEquals(index.size, 4)
    assertEquals(index.take(Long.MaxValue, 0), 2)
    assertEquals(index.take(Long.MaxValue - 1, 1), 3)
    assertEquals(index.take(5L, 0), 1)
    assertEquals(index.take(7L, 1), 4)
    assertEquals(index.size, 0)
  }
}
