package mvt.backtest

import java.math.BigDecimal
import java.time.LocalDate

class MetricsSuite extends munit.FunSuite {
  private val C = new BigDecimal("1000")

  private def days(pnls: String*): Vector[DayResult] =
    pnls.toVector.zipWithIndex.map { (p, i) =>
      DayResult(
        LocalDate.parse("2026-03-02").plusDays(i.toLong),
        new BigDecimal(p),
        10L,
        100L,
        new BigDecimal("0.5"),
        100L,
        new BigDecimal("0.25"),
        new BigDecimal("1000"),
        1000L,
        20L,
        0L
      )
    }

  private def near(a: Option[Double], b: Double)(using munit.Location): Unit =
    a match {
      case Some(x) => assert(math.abs(x - b) < 1e-9, s"$x is not $b")
      case None => fail(s"undefined, expected $b")
    }

  test("three days worked by hand: r = 0.1, -0.05, 0.15") {
    val m = Metrics.of(days("100", "-50", "150"), C)
    // mean 1/15; deviations 1/30, -7/60, 1/12; sample variance (4 + 49 + 25) / 3600 / 2 = 39/3600
    // sharpe = (1/15) / (sqrt(39)/60) * sqrt(252) = 4 * sqrt(252/39)
    near(m.sharpe, 4 * math.sqrt(252.0 / 39))
    // downside sqrt(0.05^2 / 3) = 0.05/sqrt(3): sortino = (1/15) * sqrt(3)/0.05 * sqrt(252) = 4 sqrt(756) / 3
    near(m.sortino, 4 * math.sqrt(756.0) / 3)
    // equity 1100, 1050, 1200: the peak 1100 fell by 50
    near(m.maxDrawdown, 50.0 / 1100)
    near(m.winRate, 2.0 / 3)
    near(m.profitFactor, 250.0 / 50)
    near(m.expectancyPerFill, 200.0 / 30)
    near(m.turnover, 3000.0 / 1000)
    assertEquals(m.totalPnl.compareTo(new BigDecimal("200")), 0)
    assertEquals(m.totalFees.compareTo(new BigDecimal("1.5")), 0)
    assertEquals(m.totalSlippage.compareTo(new BigDecimal("0.75")), 0)
    assertEquals((m.days, m.fills, m.volume), (3, 30L, 300L))
  }

  test("the drawdown's peak starts at the capital") {
    // equity 900, 800, 1100: 200 below the starting 1000
    near(Metrics.of(days("-100", "-100", "300"), C).maxDrawdown, 0.2)
  }

  test("one day: no sharpe or sortino, a drawdown of zero after a gain") {
    val m = Metrics.of(days("50"), C)
    assertEquals(m.sharpe, None)
    assertEquals(m.sortino, None)
    near(m.maxDrawdown, 0.0)
    near(m.winRate, 1.0)
    assertEquals(m.profitFactor, None)
  }

  test("all days equal: the stdev is zero, so no sharpe; no losing day, so no sortino or profit factor") {
    val m = Metrics.of(days("10.1", "10.10", "10.1"), C)
    assertEquals(m.sharpe, None)
    assertEquals(m.sortino, None)
    assertEquals(m.profitFactor, None)
    near(m.maxDrawdown, 0.0)
  }

  test("no losing day: a sharpe but no sortino") {
    val m = Metrics.of(days("20", "10"), C)
    // mean 0.015, sample stdev 0.01/sqrt(2): sharpe = 1.5 sqrt(2) sqrt(252) = 3 sqrt(126)
    near(m.sharpe, 3 * math.sqrt(126.0))
    assertEquals(m.sortino, None)
  }

  test("no day at all: nothing is defined") {
    val m = Metrics.of(Vector.empty, C)
    assertEquals(
      (m.sharpe, m.sortino, m.maxDrawdown, m.winRate, m.profitFactor, m.expectancyPerFill, m.turnover),
      (None, None, None, None, None, None, None)
    )
    assertEquals(m.totalPnl.signum, 0)
  }

  test("a figure the doubles cannot hold is undefined, never NaN or infinite, whatever the capital") {
    for (c <- List("1e400", "1e-400")) {
      val m = Metrics.of(days("100", "-50", "150"), new BigDecimal(c))
      val figures =
        List(m.sharpe, m.sortino, m.maxDrawdown, m.winRate, m.profitFactor, m.expectancyPerFill, m.turnover)
      assert(figures.flatten.forall(x => !x.isNaN && !x.isInfinite), s"capital $c: $figures")
      assertEquals(JsonReport.metrics(m).noSpaces.contains("NaN"), false)
      assert(!SummaryText.metrics(m).exists(l => l.contains("NaN") || l.contains("Infinity")), s"capital $c")
    }
  }
}
