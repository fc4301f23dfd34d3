package mvt.trader

import mvt.trader.pipeline.*

import mvt.trader.TraderGens.*
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** The ring journal keeps the last events in order and counts every one. */
class RingJournalSuite extends munit.ScalaCheckSuite {
  private def events(n: Int): Vector[BboEvent] = Vector.tabulate(n)(i => event(symbols(i % 3), i.toLong))

  private def journal(capacity: Int, es: Vector[BboEvent]): RingJournal = {
    val j = new RingJournal(capacity)
    es.foreach(j.append)
    j
  }

  test("empty until the first append") {
    val j = new RingJournal(3)
    assertEquals((j.count, j.recent), (0L, Vector.empty))
  }

  test("keeps everything, oldest first, until it is full") {
    val es = events(3)
    assertEquals(journal(3, es.take(2)).recent, es.take(2))
    assertEquals(journal(3, es).recent, es)
  }

  test("past its capacity it keeps the last ones in order and counts them all") {
    val es = events(10)
    val j = journal(4, es)
    assertEquals(j.recent, es.takeRight(4))
    assertEquals(j.count, 10L)
    assertEquals(journal(1, es).recent, Vector(es.last))
  }

  test("refuses a capacity below one") {
    intercept[IllegalArgumentException](new RingJournal(0))
  }

  property("recent is the last capacity events appended and count is all of them") {
    forAll(Gen.choose(1, 10), Gen.choose(0, 60)) { (capacity, n) =>
      val es = events(n)
      val j = journal(capacity, es)
      assertEquals(j.recent, es.takeRight(capacity))
      assertEquals(j.count, n.toLong)
    }
  }

  test("appends from several threads are all counted, and the kept ones are appended events") {
    val j = new RingJournal(16)
    val es = events(4000)
    val threads = es.grouped(1000).toVector.map(part => new Thread(() => part.foreach(j.append)))
    threads.foreach(_.start())
    threads.foreach(_.join())
    assertEquals(j.count, 4000L)
    assertEquals(j.recent.size, 16)
    assertEquals(j.recent.distinct.size, 16)
    assert(j.recent.forall(e => es(e.sentNanos.toInt) == e))
  }
}
