package mvt.reporting

import mvt.reporting.PnlFold.Trend

import java.math.BigDecimal

/** How an amount moved over a span: by how much, and its trend (zero is flat). */
final case class Change(amount: BigDecimal, trend: Trend)

object Change {
  def apply(amount: BigDecimal): Change = Change(amount, Trend.of(amount))
}

/** One symbol of an account at a whole hour: its figures, and its PnL's change over the hour, day and week. */
final case class SymbolPerformance(
    symbol: String,
    position: Long,
    realized: BigDecimal,
    unrealized: BigDecimal,
    fees: BigDecimal,
    pnl: BigDecimal,
    lastHour: Change,
    lastDay: Change,
    last7Days: Change
)

/** An account's PnL over a day: what `mvt demo` ranks its clients by. */
final case class AccountDay(account: Int, pnl: BigDecimal, change: BigDecimal)
