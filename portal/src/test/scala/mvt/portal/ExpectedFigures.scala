package mvt.portal

import mvt.reporting.{FeedLine, PnlFold, ReportRun}
import mvt.reporting.PnlFold.{Key, NanosPerHour, Trend}

import java.math.BigDecimal

/**
 * What the portal must show for a journal, computed without the store: the report rows at an hour come from
 * `ReportRun` (the pure fold over the lines up to it), and the PnL at any closed hour from one `PnlFold` over
 * every line, which keeps its history. Not thread-safe: it remembers the reports it made.
 */
final class ExpectedFigures(trades: Vector[FeedLine.Trade], quotes: Vector[FeedLine.Quote], fee: BigDecimal) {

  /** One symbol's expected figures at an hour, with the PnL changes over the hour, day and week. */
  final case class Symbol(
      row: PnlFold.Row,
      lastHour: BigDecimal,
      lastDay: BigDecimal,
      last7Days: BigDecimal
  )

  private val history: PnlFold = {
    val fold = new PnlFold(fee)
    ReportRun.foldMerged(fold, trades, quotes, Long.MaxValue)
    fold.closeThrough(fold.now)
    fold
  }

  /** The last whole hour the journal reaches, in epoch hours. */
  val lastHour: Long = history.lastClosedHour

  /** The client accounts (account 0 left out), ascending. */
  val accounts: Vector[Int] =
    trades.flatMap(t => Vector(t.buyAccount, t.sellAccount)).filter(_ != 0).distinct.sorted

  /** Every symbol an account has filled in at any time. */
  def symbolsOf(account: Int): Vector[String] =
    trades.filter(t => t.buyAccount == account || t.sellAccount == account).map(_.symbol).distinct.sorted

  /** PnL of (account, symbol) at a closed hour: 0 before its first fill. */
  def pnl(account: Int, symbol: String, hour: Long): BigDecimal = history.pnlAt(Key(account, symbol), hour)

  /** The account's PnL over all its symbols at a closed hour. */
  def total(account: Int, hour: Long): BigDecimal =
    symbolsOf(account).foldLeft(BigDecimal.ZERO)((a, s) => a.add(pnl(account, s, hour)))

  /** The report rows at `hour` for everyone, from the pure fold over the lines up to it. */
  def rows(hour: Long): Vector[PnlFold.Row] =
    reports.getOrElseUpdate(
      hour,
      ReportRun(trades, quotes, Some(hour * NanosPerHour), fee) match {
        case Right((_, rows)) => rows
        case Left(f) => throw new IllegalArgumentException(s"no report at hour $hour: $f")
      }
    )

  private val reports = scala.collection.mutable.HashMap.empty[Long, Vector[PnlFold.Row]]

  /** An account's symbols at `hour`, in symbol order, with the changes; the trends checked against the rows'. */
  def performance(account: Int, hour: Long): Vector[Symbol] =
    rows(hour).filter(_.key.account == account).map { r =>
      val s = r.key.symbol
      require(r.pnl.compareTo(pnl(account, s, hour)) == 0, s"the two folds disagree on $account $s at $hour")
      val c = Symbol(
        r,
        r.pnl.subtract(pnl(account, s, hour - 1)),
        r.pnl.subtract(pnl(account, s, hour - 24)),
        r.pnl.subtract(pnl(account, s, hour - 168))
      )
      require(
        Trend.of(c.lastHour) == r.lastHour && Trend.of(c.lastDay) == r.lastDay &&
          Trend.of(c.last7Days) == r.last7Days,
        s"the trends of $account $s at $hour disagree with the changes"
      )
      c
    }
}
