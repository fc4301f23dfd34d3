package mvt.reporting

import java.math.BigDecimal

/** The fold's symbol tables grow: more symbols than their first size, each first seen in a quote or a trade. */
class PnlFoldManySymbolsSuite extends munit.FunSuite {
  private val H = PnlFold.NanosPerHour
  private val T0 = 20000L * 24 * H

  test("a symbol first seen in a quote after the tables' first size keeps its own mark") {
    val fold = new PnlFold(BigDecimal.ZERO)
    val n = 100
    for (i <- 0 until n) fold.quote(T0 + i, s"S$i", (100 + i) * 100000000L, (102 + i) * 100000000L, true)
    for (i <- 0 until n) fold.trade(T0 + n + i, s"S$i", (100 + i) * 100000000L, 2, 1, 0)
    fold.closeThrough(T0 + H)
    val rows = fold.report(fold.lastClosedHour)
    assertEquals(rows.size, n)
    // bought 2 at the bid, marked at the mid one unit above: a gain of 2 in every symbol
    rows.foreach(r => assertEquals(r.pnl.compareTo(BigDecimal.valueOf(2)), 0, r.toString))
  }
}
