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
}
