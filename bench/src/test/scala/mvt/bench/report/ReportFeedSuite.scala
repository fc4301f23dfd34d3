package mvt.bench.report

import mvt.reporting.baseline.NaiveTrendReport
import mvt.reporting.{PnlFold, ReportRun}

import java.math.BigDecimal

/** The generated report feeds, their replay into the fold, and the fold part's run on a small session. */
class ReportFeedSuite extends munit.FunSuite {
  private val shape =
    ReportFeed.Shape(days = 3, commandsPerDay = 20000, accounts = 40, symbols = 20, seed = 5L)
  private lazy val feed = ReportFeed.generate(shape)

  test("the feeds span the days, in time order, with trades between many clients in every symbol") {
    val (trades, quotes) = feed.feedLines
    assertEquals(trades.size, feed.trades)
    assertEquals(trades.size + quotes.size, feed.size)
    assert(trades.size > 1000 && quotes.size > 1000, s"${trades.size} trades, ${quotes.size} quotes")
    val merged = (trades ++ quotes).map(_.time)
    assert(trades.map(_.time) == trades.map(_.time).sorted && quotes.map(_.time) == quotes.map(_.time).sorted)
    val days = merged.map(t => Math.floorDiv(t, 24 * PnlFold.NanosPerHour)).distinct
    assertEquals(days.size, 3)
    assertEquals(trades.map(_.symbol).distinct.size, 20)
    assert(feed.accounts.size > 20, feed.accounts.size.toString)
    assertEquals(feed.end, merged.max)
  }

  test("replaying the columns into the fold gives mvt report's figures for the feeds' last whole hour") {
    val fee = new BigDecimal("0.0025")
    val fold = new PnlFold(fee)
    assertEquals(feed.replay(fold), feed.trades)
    val (trades, quotes) = feed.feedLines
    val Right((_, expected)) = ReportRun(trades, quotes, None, fee): @unchecked
    assert(expected.nonEmpty)
    // the hourly figures; position and the parts of the PnL are the fold's state after the last line, which
    // comes after the hour (mvt report stops at the hour)
    def hourly(rows: Vector[PnlFold.Row]) = rows.map(r => (r.key, r.pnl, r.lastHour, r.lastDay, r.last7Days))
    assertEquals(hourly(fold.report(fold.lastClosedHour)), hourly(expected))
  }

  test("the old design's store holds both sides of every trade, the house's too") {
    val records = feed.tradeRecords
    val store = NaiveTrendReport.store(records)
    val accounts = records.flatMap(r => Vector(r.buyAccount, r.sellAccount)).distinct
    assertEquals(accounts.map(a => store(a).executions.size).sum, 2 * records.size)
    accounts.foreach(a => assert(store(a).orders.forall(_.account == a)))
  }

  test("the fold part times both contenders over the same trades and reports what the fold held") {
    val r = ReportBench.fold(ReportBench.FoldConfig(shape, 2, 0, BigDecimal.ZERO), _ => ())
    assertEquals(r.fold.trades, feed.trades.toLong)
    assertEquals(r.naive.trades, feed.trades.toLong)
    assertEquals(r.fold.passes.size, 2)
    assertEquals(r.naive.passes.size, 2)
    assertEquals(r.clients, feed.accounts.size)
    assert(r.rows >= r.clients, s"${r.rows} rows for ${r.clients} clients")
    assert(ReportBench.table(r).linesIterator.exists(_.trim.startsWith("naive")))
  }
}
