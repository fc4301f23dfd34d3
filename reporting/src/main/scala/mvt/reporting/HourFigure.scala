package mvt.reporting

import java.math.BigDecimal

/**
 * The fact the fold emits when an hour closes for an (account, symbol) whose PnL moved in it: its figures at
 * that whole hour (epoch hours). The figures hold until the key's next fact.
 */
final case class HourFigure(
    account: Int,
    symbol: String,
    hour: Long,
    position: Long,
    realized: BigDecimal,
    unrealized: BigDecimal,
    fees: BigDecimal,
    pnl: BigDecimal
)
