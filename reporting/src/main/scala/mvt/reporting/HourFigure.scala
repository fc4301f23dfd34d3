package mvt.reporting

import java.math.BigDecimal

/**
 * What the PnL of an (account, symbol) depends on besides the mark: the position, its cost (Σ open lots of
 * quantity × price, signed), and the realized money and fees so far. Linear in the mark: unrealized at mark m
 * is `position × m − cost`.
 */
final case class KeyState(position: Long, cost: BigDecimal, realized: BigDecimal, fees: BigDecimal) {
  def unrealized(mark: BigDecimal): BigDecimal = mark.multiply(BigDecimal.valueOf(position)).subtract(cost)
  def pnl(mark: BigDecimal): BigDecimal = realized.add(unrealized(mark)).subtract(fees)
}

/**
 * A fact the fold emits when an hour closes: an (account, symbol) filled in it, and this is its state at that
 * whole hour (epoch hours), which holds until its next fact.
 */
final case class HourFigure(account: Int, symbol: String, hour: Long, state: KeyState)

/** A fact the fold emits when an hour closes: a symbol's mark moved in it, and this is its mark at that hour. */
final case class MarkFigure(symbol: String, hour: Long, mark: BigDecimal)
