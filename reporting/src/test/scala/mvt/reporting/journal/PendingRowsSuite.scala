package mvt.reporting.journal

import org.scalacheck.{Gen, Prop}

import scala.collection.mutable

/** The pending columns behave as a queue of rows, through growth and slides, against `ArrayDeque`. */
class PendingRowsSuite extends munit.ScalaCheckSuite {

  // 0: add a row, 1: take the head
  private val ops = Gen.listOfN(6000, Gen.frequency(6 -> 0, 3 -> 1))

  property("trades: every row comes out as it went in, in order") {
    Prop.forAll(ops) { list =>
      val p = new PendingTrades
      val model = mutable.ArrayDeque.empty[(Long, String, Long, Long, Int, Int, Long, Long)]
      var n = 0L
      list.foreach {
        case 0 =>
          n += 1
          val r = (n, s"S${n % 7}", n * 3, n * 5, n.toInt, -n.toInt, n + 1, n * 80)
          p.add(r._1, r._2, r._3, r._4, r._5, r._6, r._7, r._8)
          model.append(r)
        case 1 if model.nonEmpty =>
          val i = p.first
          assertEquals(
            (p.time(i), p.symbol(i), p.price(i), p.qty(i), p.buy(i), p.sell(i), p.line(i), p.end(i)),
            model.removeHead()
          )
          p.removeFirst()
        case _ => ()
      }
      assertEquals(p.isEmpty, model.isEmpty)
      while (model.nonEmpty) {
        assertEquals(p.time(p.first), model.removeHead()._1)
        p.removeFirst()
      }
      assert(p.isEmpty)
    }
  }

  property("quotes: every row comes out as it went in, in order") {
    Prop.forAll(ops) { list =>
      val p = new PendingQuotes
      val model = mutable.ArrayDeque.empty[(Long, String, Long, Long, Boolean, Long, Long)]
      var n = 0L
      list.foreach {
        case 0 =>
          n += 1
          val r = (n, s"S${n % 7}", n * 3, n * 5, n % 3 == 0, n + 1, n * 80)
          p.add(r._1, r._2, r._3, r._4, r._5, r._6, r._7)
          model.append(r)
        case 1 if model.nonEmpty =>
          val i = p.first
          assertEquals(
            (p.time(i), p.symbol(i), p.bid(i), p.ask(i), p.twoSided(i), p.line(i), p.end(i)),
            model.removeHead()
          )
          p.removeFirst()
        case _ => ()
      }
      assertEquals(p.isEmpty, model.isEmpty)
    }
  }
}
