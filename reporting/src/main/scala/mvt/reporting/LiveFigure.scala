package mvt.reporting

import java.math.BigDecimal

/** One symbol of an account as of the last line folded: position, realized, unrealized, fees and PnL, exact. */
final case class LiveFigure(
    symbol: String,
    position: Long,
    realized: BigDecimal,
    unrealized: BigDecimal,
    fees: BigDecimal,
    pnl: BigDecimal
)
