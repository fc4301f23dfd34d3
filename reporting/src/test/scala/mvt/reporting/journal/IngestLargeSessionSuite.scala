package mvt.reporting.journal

import mvt.reporting.ReportFlow.{Flow, H, Session, Step}
import mvt.reporting.ReportModel.text
import mvt.reporting.{FeedLine, ReportFlow, ReportRun, StoreFixtures}

import java.math.BigDecimal as JBig
import java.nio.file.Files

/**
 * A session longer than one poll reads, with a trade feed several times longer in bytes than its quote feed,
 * so that one poll reads the quotes further in time than the trades: the trades still to read must not find
 * their time already folded past.
 */
class IngestLargeSessionSuite extends munit.FunSuite with StoreFixtures {

  private val second = 1000000000L
  private val start = ReportFlow.Day0 + 8 * H
  // three fills per command, between accounts that hold and flip positions, over about five hours
  private val flow = Flow(Vector(Session(
    "2026-01-06",
    Vector.tabulate(600) { i =>
      val t = start + i * 31 * second
      val p = 1000000000L + (i % 50) * 1000000L
      val trades = Vector.tabulate(3)(j =>
        new FeedLine.Trade(t, "ACME", p + j, 10L + (i + j) % 90, 1 + (i + j) % 3, 1 + (i * 7 + j) % 4)
      )
      Step(t, "ACME", trades, p - 2000000L, 100L, p + 2000000L, 100L)
    }
  )))
  private val fee = new JBig("0.001")

  for (chunkBytes <- Vector(8000, 2000); end <- Vector(false, true))
    test(s"a session read $chunkBytes bytes at a time is folded as mvt report folds it (finished: $end)") {
      withTempDir { dir =>
        ReportFlow.writeAll(dir, flow, end)
        val trades = Files.size(dir.resolve("2026-01-06.trades.csv"))
        val quotes = Files.size(dir.resolve("2026-01-06.quotes.csv"))
        assert(trades > 10 * chunkBytes && trades > 3 * quotes, (trades, quotes))
        val db = dir.resolve("r.db")
        ingestAll(db, dir, fee, chunkBytes)
        val (ts, qs) = readFeeds(dir, flow)
        withStore(db, None) { store =>
          val last = run(store.lastClosedHour).get
          // a live session's last hour waits for a line past it
          assertEquals(last, Math.floorDiv(flow.lastTime - (if (end) 0 else 1), H))
          for (hour <- Math.floorDiv(start, H) to last) {
            val Right((_, rows)) = ReportRun(ts, qs, Some(hour * H), fee): @unchecked
            for (a <- 1 to 4) {
              val got = run(store.performance(a, hour)).map(p => (p.symbol, p.position, text(p.pnl)))
              assertEquals(
                got,
                rows.filter(_.key.account == a).map(r => (r.key.symbol, r.position, text(r.pnl))),
                s"account $a at hour $hour"
              )
            }
          }
        }
      }
    }
}
