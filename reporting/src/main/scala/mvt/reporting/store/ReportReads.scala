package mvt.reporting.store

import cats.effect.IO
import mvt.reporting.{AccountDay, SymbolPerformance}

import java.math.BigDecimal

/** What the portal reads of the report projections; hours are epoch hours, always closed ones. */
trait ReportReads {

  /** The last whole hour closed, if any. */
  def lastClosedHour: IO[Option[Long]]

  /** Whether the account has any fill. */
  def knows(account: Int): IO[Boolean]

  /** Each symbol the account has filled by `hour`, with its figures then and the three trends. */
  def performance(account: Int, hour: Long): IO[Vector[SymbolPerformance]]

  /** The account's PnL at every whole hour from `from` to `to` (inclusive): of one symbol, or of all of them. */
  def series(account: Int, symbol: Option[String], from: Long, to: Long): IO[Vector[(Long, BigDecimal)]]

  /** Every account's total PnL at `hour` and its change over the 24 hours before, best first. */
  def day(hour: Long): IO[Vector[AccountDay]]
}
