package mvt.reporting.store

import mvt.reporting.journal.Ingest
import mvt.reporting.{ReportFlow, StoreFixtures}

import java.math.BigDecimal as JBig
import java.nio.file.Path
import scala.concurrent.duration.*

/**
 * The in-memory view of the latest closed hour against the store it was built from: the same figures for every
 * account, hours other than the view's read from the store, and no view built while hours close between two
 * refreshes (as they do while ingest catches up).
 */
class LatestFiguresSuite extends munit.FunSuite with StoreFixtures {

  // a temp dir holding `flow`'s journal and an empty store (a fee of 0.01), and the latest figures of that store
  private def withLatest(flow: ReportFlow.Flow)(f: (Path, ReportStore, LatestFigures) => Unit): Unit =
    withTempDir { dir =>
      val journal = writeJournal(dir, flow)
      withStore(dir.resolve("reports.db"), Some(new JBig("0.01")))(store =>
        f(journal, store, new LatestFigures(store))
      )
    }

  test("the view answers as the store does, and is built only once its hour has stayed the last") {
    withLatest(ReportFlow.generate(7L, days = 9, steps = 40)) { (journal, store, latest) =>
      assertEquals(run(latest.lastClosedHour), None, "nothing ingested: no closed hour")
      assertEquals(run(latest.refresh), false, "no closed hour: no view")
      assertEquals(latest.viewHour, None)
      // small polls, a refresh after each, as the portal's refresher interleaves with a catching-up ingest
      val ingest = run(Ingest(store, journal, 700))
      var built = Vector.empty[Long]
      var advancedWithoutBuild = 0
      var polls = 0
      while ({ polls += 1; run(ingest.poll) > 0 } && polls < 10000) {
        val before = latest.viewHour
        val hourBefore = run(latest.lastClosedHour)
        if (run(latest.refresh)) built :+= latest.viewHour.get
        else if (latest.viewHour == before && run(store.lastClosedHour) != hourBefore && before.isDefined)
          advancedWithoutBuild += 1
      }
      assert(ingest.failed.isEmpty, s"ingest failed: ${ingest.failed.map(_.message)}")
      val last = run(store.lastClosedHour).get
      assert(built.nonEmpty, "a view was built during ingest")
      assert(
        advancedWithoutBuild > 0,
        s"hours closed between refreshes without a rebuild each time: $built"
      )
      assertEquals(built, built.distinct.sorted, "each view is of a later hour than the one before")
      // caught up: the hour stays, and the next refresh builds its view
      run(latest.refresh)
      assertEquals(latest.viewHour, Some(last))
      assertEquals(run(latest.refresh), false, "the view of the last hour stands")
      assertEquals(run(latest.lastClosedHour), Some(last))
      val accounts = ReportFlow.Accounts ++ Vector(99, 12345)
      var rows = 0
      for (a <- accounts; h <- Vector(last, last - 1, last - 30)) {
        val want = run(store.performance(a, h))
        rows += want.size
        assertEquals(run(latest.performance(a, h)), want, s"account $a at hour $h")
      }
      assert(rows > 10, s"the comparison covered rows: $rows")
      for (a <- accounts) assertEquals(run(latest.knows(a)), run(store.knows(a)), s"knows($a)")
      assertEquals(run(latest.day(last)), run(store.day(last)))
    }
  }

  test("the last closed hour does not stay behind the store's once the refresher has stopped") {
    withLatest(ReportFlow.generate(11L, days = 3, steps = 30)) { (journal, store, latest) =>
      val ingest = run(Ingest(store, journal, 700))
      // some hours in the store (a restart mid-session), a refresher that refreshed, then stopped
      while (run(store.lastClosedHour).isEmpty && run(ingest.poll) > 0) ()
      val refresher = run(latest.follow(10.millis).start)
      val deadline = System.nanoTime() + 60L * 1000000000L
      while (latest.viewHour.isEmpty && System.nanoTime() < deadline) Thread.sleep(20)
      val seen = latest.viewHour
      assert(seen.isDefined, "the refresher built a view")
      run(refresher.cancel)
      run(ingest.catchUp)
      val last = run(store.lastClosedHour)
      assert(last.get > seen.get, s"the store went on: $seen to $last")
      assertEquals(run(latest.lastClosedHour), last)
    }
  }
}
