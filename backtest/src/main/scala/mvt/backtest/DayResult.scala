package mvt.backtest

import java.math.BigDecimal
import java.time.LocalDate

/**
 * What a strategy did on one day: its PnL (cash from its fills, less fees, plus any position the book could not
 * absorb at the close, marked at the last mid), its fills, the units it traded, its fees, the largest absolute
 * position it held in any symbol, its slippage against the mid, the value it traded, and the recorded commands
 * replayed. Exact decimals. Immutable.
 */
final case class DayResult(
    date: LocalDate,
    pnl: BigDecimal,
    fills: Long,
    volume: Long,
    fees: BigDecimal,
    maxPosition: Long,
    slippage: BigDecimal,
    notional: BigDecimal,
    commands: Long,
    orders: Long,
    unflattened: Long
)
