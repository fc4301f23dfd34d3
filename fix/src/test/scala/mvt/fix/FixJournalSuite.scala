package mvt.fix

import FixTestClient.{cancel, order, replace}
import quickfix.Message

import java.nio.file.Files
import scala.collection.mutable

/**
 * A seeded mixed flow from three sessions (every order type, cancels and replaces, many of them refused), then
 * each client's ExecutionReports against the engine's events for the journal's commands, as `mvt match` replays
 * them, and the venue's feeds against that replay's, byte for byte.
 */
class FixJournalSuite extends munit.FunSuite with FixFixture {

  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  // sends `steps` random messages spread over the clients; returns every ClOrdID each client sent
  def flow(cs: Vector[FixTestClient], steps: Int, seed: Long): Map[String, Vector[String]] = {
    val rnd = new scala.util.Random(seed)
    val sent = cs.map(c => c.compId -> mutable.ArrayBuffer.empty[String]).toMap
    val sides = mutable.HashMap.empty[String, Char] // ClOrdID -> side, so a replace or cancel names it right
    (1 to steps).foreach { k =>
      val c = cs(rnd.nextInt(cs.size))
      val mine = sent(c.compId)
      val id = s"${c.compId}$k"
      val price = f"${9.95 + rnd.nextInt(11) * 0.01}%.2f"
      val roll = rnd.nextInt(10)
      if (roll < 6 || mine.isEmpty) {
        val side = if (rnd.nextBoolean()) '1' else '2'
        val kind = rnd.nextInt(8) match {
          case 0 => Seq(59 -> "3")
          case 1 => Seq(59 -> "4")
          case 2 => Seq(18 -> "6")
          case _ => Seq(59 -> "1")
        }
        c.send(order((Seq(
          11 -> id,
          54 -> side.toString,
          55 -> "ACME",
          38 -> (1 + rnd.nextInt(20)).toString,
          40 -> "2",
          44 -> price
        ) ++ kind)*))
        sides(id) = side
      } else {
        val orig = mine(rnd.nextInt(mine.size))
        if (roll < 8) c.send(cancel(id, orig, sides(orig), "ACME"))
        else c.send(replace(id, orig, sides(orig), "ACME", 1 + rnd.nextInt(30), price))
        sides(id) = sides(orig)
      }
      mine += id
    }
    sent.view.mapValues(_.toVector).toMap
  }

  // waits until every ClOrdID has its answer (a report or a cancel reject naming it), keeping all messages
  def answered(c: FixTestClient, ids: Vector[String], into: mutable.ArrayBuffer[Message]): Unit = {
    val deadline = System.nanoTime() + 60000000000L
    def seen = into.iterator.filter(_.isSetField(11)).map(_.getString(11)).toSet
    while (!ids.forall(seen.contains) && System.nanoTime() < deadline) {
      val m = c.received.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS)
      if (m != null) into += m
    }
    assert(ids.forall(seen.contains), s"${c.compId}: no answer to ${ids.filterNot(seen.contains).take(5)}")
  }

  // the report's fields equal the journal's; the price only where the journal names one (an order that rested)
  def same(v: JournalOutcome.Order, o: JournalOutcome.Order): Boolean =
    (v.status, v.cumQty, v.leavesQty, v.fills) == (o.status, o.cumQty, o.leavesQty, o.fills)
      && o.price.forall(p => v.price.contains(p))

  test(
    "each client's ExecutionReports equal the engine's events for the journal; the feeds equal mvt match's"
  ) {
    withDir { dir =>
      val r = start(dir)
      val journal = r.venue.config.journal
      val (views, expected) =
        try {
          val cs = r.loggedOnTogether("A", "B", "C")
          val sent = flow(cs, 400, 7L)
          val got = cs.map(c => c.compId -> mutable.ArrayBuffer.empty[Message]).toMap
          cs.foreach(c => answered(c, sent(c.compId), got(c.compId)))
          // every command has its outcome, so the journal holds them all; a maker's fill may still be on its way
          val expected = JournalOutcome.of(journal)
          val accountOf = clients.map(c => c.compId -> c.account.value).toMap
          def view(c: FixTestClient) = JournalOutcome.reported(got(c.compId)).map((id, o) =>
            id -> o.copy(account = accountOf(c.compId))
          )
          def matches = cs.forall { c =>
            val mine = expected.filter(_._2.account == accountOf(c.compId))
            view(c).keySet == mine.keySet
            && mine.forall((id, o) => same(view(c)(id), o))
          }
          val deadline = System.nanoTime() + 30000000000L
          while (!matches && System.nanoTime() < deadline)
            cs.foreach { c =>
              var m = c.received.poll(); while (m != null) { got(c.compId) += m; m = c.received.poll() }
              Thread.sleep(20)
            }
          (cs.map(c => c.compId -> view(c)).toMap, expected)
        } finally r.stop()
      val accountOf = clients.map(c => c.compId -> c.account.value).toMap
      assert(expected.values.exists(_.fills.nonEmpty), "the flow traded")
      assert(expected.values.exists(o => o.status == 'C'), "some IOC or FOK expired")
      views.foreach { (compId, view) =>
        val mine = expected.filter(_._2.account == accountOf(compId))
        assertEquals(
          view.keySet,
          mine.keySet,
          s"$compId: the orders reported are the journal's orders of its account"
        )
        mine.foreach { (id, o) =>
          val v = view(id)
          assertEquals(
            (v.status, v.cumQty, v.leavesQty, v.fills),
            (o.status, o.cumQty, o.leavesQty, o.fills),
            s"$compId order $id"
          )
          o.price.foreach(p => assertEquals(v.price, Some(p), s"$compId order $id: Price (44)"))
        }
      }
      val oracle = mvt.venue.JournalOracle.run(journal)
      assertEquals(Files.readString(r.venue.config.trades), new String(oracle.trades), "DAY.trades.csv")
      assertEquals(Files.readString(r.venue.config.quotes), new String(oracle.quotes), "DAY.quotes.csv")
    }
  }
}
