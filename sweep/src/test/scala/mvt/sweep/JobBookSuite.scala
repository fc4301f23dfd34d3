package mvt.sweep

import org.scalacheck.{Gen, Prop}

import scala.collection.immutable.BitSet

/**
 * The job book under random interleavings of leases, reports (from the holder, from a stale holder, twice),
 * workers leaving and leases expiring: every job is counted exactly once, and once the surviving worker drains
 * the book, every job is done.
 */
class JobBookSuite extends munit.ScalaCheckSuite {

  private enum Step {
    case Lease(worker: Int)
    case Report(worker: Int, job: Int)
    case Leave(worker: Int)
    case Expire
  }

  private val step: Gen[Step] = Gen.frequency(
    4 -> Gen.choose(0, 2).map(Step.Lease(_)),
    4 -> Gen.zip(Gen.choose(0, 2), Gen.choose(-1, 12)).map(Step.Report(_, _)),
    1 -> Gen.choose(0, 2).map(Step.Leave(_)),
    1 -> Gen.const(Step.Expire)
  )

  private def invariants(b: JobBook[Int]): Unit = {
    assert(b.pending.forall(j => !b.done.contains(j)), b.toString)
    assert(b.pending.forall(j => !b.leases.contains(j)), b.toString)
    assertEquals(b.pending.distinct.size, b.pending.size, b.toString)
    assert((b.pending ++ b.leases.keys ++ b.done).toSet == (0 until b.total).toSet, b.toString)
  }

  property("each job counts once, whatever the interleaving, and a draining worker completes the book") {
    Prop.forAll(Gen.choose(1, 12), Gen.listOf(step), Gen.containerOf[Set, Int](Gen.choose(0, 11))) {
      (total, steps, haveRaw) =>
        val have = BitSet.fromSpecific(haveRaw.filter(_ < total))
        var book = JobBook[Int](total, have)
        var counted = have.size
        var clock = 0L
        steps.foreach { s =>
          clock += 1
          s match {
            case Step.Lease(w) => book.lease(w, clock + 5).foreach((_, b) => book = b)
            case Step.Report(w, j) =>
              val (first, b) = book.finish(j, w)
              if (first) counted += 1
              book = b
            case Step.Leave(w) => book = book.workerGone(w)._2
            case Step.Expire => book = book.expire(clock)._2
          }
          invariants(book)
          assertEquals(counted, book.done.size)
        }
        // worker 9 drains: whatever is out with others expires, is re-issued, and is done once
        var guard = 0
        while (!book.complete && guard < 1000) {
          guard += 1
          clock += 100
          book = book.expire(clock)._2
          book.lease(9, clock + 5).foreach { (j, b) =>
            val (first, b2) = b.finish(j, 9)
            assert(first, s"job $j was handed out again after it was done")
            counted += 1
            book = b2
          }
          invariants(book)
        }
        assert(book.complete, book.toString)
        assertEquals(counted, total)
        // a late report of any job by anyone is a duplicate
        (0 until total).foreach(j => assert(!book.finish(j, 0)._1))
    }
  }

  test("a re-issued job reported by its first holder counts once and leaves the new lease to end by itself") {
    val b0 = JobBook[String](2, BitSet.empty)
    val (j, b1) = b0.lease("a", 10).get
    val (n, b2) = b1.expire(10)
    assertEquals(n, 1)
    assertEquals(b2.pending.head, j)
    val (j2, b3) = b2.lease("b", 100).get
    assertEquals(j2, j)
    val (first, b4) = b3.finish(j, "a")
    assert(first)
    assertEquals(b4.heldBy("b"), 1)
    val (again, b5) = b4.finish(j, "b")
    assert(!again)
    assertEquals(b5.heldBy("b"), 0)
    assertEquals(b5.pending.toList, List(1 - j))
  }
}
