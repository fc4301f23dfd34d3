package mvt.reporting.baseline

import mvt.reporting.PnlFold

/** Each documented fault of the old report, shown by a test, so that nobody "fixes" the baseline. */
class NaiveTrendReportSuite extends munit.FunSuite {
  import NaiveTrendReport.*
  import NaiveTrendReport.Direction.*

  private val H = NanosPerHour
  private val M = 60L * 1000000000L
  private val Day0 = 20000L * 24 * H // a midnight, UTC
  private def at(day: Int, hour: Int, minute: Int = 0): Long = Day0 + day * 24 * H + hour * H + minute * M
  private def px(units: Long): Long = units * 100000000L

  private var nextId = 0L
  private def trade(t: Long, price: Long, qty: Long, buyer: Int, seller: Int, symbol: String = "ACME") = {
    nextId += 2
    TradeRecord(t, symbol, price, qty, nextId, buyer, nextId + 1, seller)
  }
  private def report(trades: TradeRecord*) = new NaiveTrendReport(store(trades.toVector))

  test("it sums signed prices: quantities do not count, and an open long position that gained is a loss") {
    // account 1 buys 1,000 at 10 and sells 1 at 10.5: 999 still held; the sum is -10 + 10.5 = +0.5
    val few =
      report(trade(at(0, 10, 5), px(10), 1000, 1, 2), trade(at(0, 10, 6), px(10) + px(1) / 2, 1, 2, 1))
    val many =
      report(trade(at(0, 10, 5), px(10), 1, 1, 2), trade(at(0, 10, 6), px(10) + px(1) / 2, 1000, 2, 1))
    val expected = Vector(SymbolTrend("ACME", Positive, Positive, Positive))
    assertEquals(few.trends(1, at(0, 11)), expected)
    assertEquals(many.trends(1, at(0, 11)), expected, "the same figures whatever the quantities")

    // a buy at 10, and the market then trades at 20: the fold marks the long at 20 and sees a gain
    val buyThenRise = Vector(trade(at(0, 10, 5), px(10), 100, 1, 2), trade(at(0, 10, 30), px(20), 1, 3, 4))
    assertEquals(
      new NaiveTrendReport(store(buyThenRise)).trends(1, at(0, 11)),
      Vector(SymbolTrend("ACME", Negative, Negative, Negative))
    )
    val fold = new PnlFold(java.math.BigDecimal.ZERO)
    buyThenRise.foreach(t => fold.trade(t.time, t.symbol, t.price, t.qty, t.buyAccount, t.sellAccount))
    fold.closeThrough(at(0, 11))
    val row = fold.report(fold.lastClosedHour).find(_.key == PnlFold.Key(1, "ACME")).get
    assertEquals(row.lastHour, PnlFold.Trend.Positive)
  }

  test("it counts zero as a gain: a buy and a sell at one price is Positive, where the spec says flat") {
    val r = report(trade(at(0, 10, 5), px(10), 5, 1, 2), trade(at(0, 10, 20), px(10), 5, 2, 1))
    assertEquals(r.trends(1, at(0, 11)), Vector(SymbolTrend("ACME", Positive, Positive, Positive)))
    // a window with no execution at all sums to zero too: a symbol last traded 3 hours ago is Positive there
    val old = report(trade(at(0, 7, 0), px(10), 5, 1, 2))
    assertEquals(old.trends(1, at(0, 10)), Vector(SymbolTrend("ACME", Positive, Negative, Negative)))
  }

  test("its hourly stage closes an hour only when the same client trades the symbol again") {
    val first = trade(at(0, 10, 5), px(10), 5, 1, 2)
    val others = trade(at(0, 12, 30), px(11), 5, 3, 2)
    // hours 10, 11 and 12 went by, and another client traded, but account 1's hour 10 is still open
    assertEquals(report(first, others).hourly(1), Vector.empty)
    val again = trade(at(0, 13, 10), px(12), 5, 2, 1)
    assertEquals(report(first, others, again).hourly(1), Vector(HourClosed(at(0, 10), "ACME", Negative)))
    // another symbol of the same client does not close it either
    val otherSymbol = trade(at(0, 14, 0), px(12), 5, 1, 2, symbol = "BETA")
    assertEquals(report(first, otherSymbol).hourly(1), Vector.empty)
  }

  test("it decides the same hour from the hour of day alone: 10:00 today is 10:00 tomorrow") {
    val today = trade(at(0, 10, 5), px(10), 5, 1, 2) // -10
    val tomorrow = trade(at(1, 10, 20), px(12), 5, 2, 1) // +12, the next day: merged into today's hour 10
    val later = trade(at(1, 11, 0), px(1), 5, 1, 2)
    assertEquals(report(today, tomorrow, later).hourly(1), Vector(HourClosed(at(0, 10), "ACME", Positive)))
    // a real next hour does close: 10:05 then 11:00 the same day
    assertEquals(
      report(today, later).hourly(1),
      Vector(HourClosed(at(0, 10), "ACME", Negative))
    )
  }

  test("it throws on an execution of an unknown order") {
    val stored = Stored(
      Vector(StoredOrder(1, 7, "ACME", buy = true)),
      Vector(StoredExecution(at(0, 10), 1, px(10)), StoredExecution(at(0, 10, 1), 99, px(10)))
    )
    val r = new NaiveTrendReport(a => if (a == 7) stored else Stored.empty)
    val e = intercept[IllegalStateException](r.trends(7, at(0, 11)))
    assert(e.getMessage.contains("unknown order 99"), e.getMessage)
    intercept[IllegalStateException](r.hourly(7))
    // an account with nothing stored has no rows, and no crash
    assertEquals(r.trends(8, at(0, 11)), Vector.empty)
  }

  test("it recomputes from what is loaded on each request: the windows end at the asked instant") {
    var loads = 0
    val trades = store(Vector(trade(at(0, 9, 30), px(10), 5, 1, 2), trade(at(0, 10, 30), px(4), 5, 2, 1)))
    val r = new NaiveTrendReport(a => { loads += 1; trades(a) })
    // at 10:00 only the buy counts (-10); at 11:00 the last hour holds only the sell (+4), the day both (-6)
    assertEquals(r.trends(1, at(0, 10)), Vector(SymbolTrend("ACME", Negative, Negative, Negative)))
    assertEquals(r.trends(1, at(0, 11)), Vector(SymbolTrend("ACME", Positive, Negative, Negative)))
    assertEquals(loads, 2)
  }
}
