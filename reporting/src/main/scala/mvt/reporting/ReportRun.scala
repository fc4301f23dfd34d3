package mvt.reporting

import mvt.core.FormatError

import java.math.BigDecimal

/**
 * `mvt report` as a pure function: both feeds' lines in, the report rows at a whole hour out, or why not.
 * The hour defaults to the last whole hour the feeds reach.
 */
object ReportRun {

  /** What can go wrong: bad data in a feed (which one, and where), or an hour the feeds cannot give. */
  enum Failure {
    case BadFeed(feed: String, error: FormatError)
    case BadHour(detail: String)
  }

  def apply(
      trades: Vector[FeedLine.Trade],
      quotes: Vector[FeedLine.Quote],
      at: Option[Long],
      feePerShare: BigDecimal
  ): Either[Failure, (Long, Vector[PnlFold.Row])] = {
    val end = (trades.lastOption.map(_.time) ++ quotes.lastOption.map(_.time)).maxOption
    end match {
      case None => Left(Failure.BadHour("the feeds hold no line, so no hour can be reported"))
      case Some(last) =>
        val hourNanos = at.getOrElse(Math.floorDiv(last, PnlFold.NanosPerHour) * PnlFold.NanosPerHour)
        if (Math.floorMod(hourNanos, PnlFold.NanosPerHour) != 0L)
          Left(Failure.BadHour("--at must be a whole hour (minutes, seconds and fraction zero)"))
        else if (hourNanos > last)
          Left(Failure.BadHour("--at is after the last line of the feeds, which do not reach it yet"))
        else {
          val fold = new PnlFold(feePerShare)
          // lines after the hour are not part of its report
          foldMerged(fold, trades, quotes, hourNanos)
          fold.closeThrough(hourNanos)
          val hour = Math.floorDiv(hourNanos, PnlFold.NanosPerHour)
          Right((hourNanos, fold.report(hour)))
        }
    }
  }

  /**
   * Folds both feeds merged in time order, a trade before a quote at the same instant (as the engine writes
   * them), up to the lines at `through` (epoch nanoseconds).
   */
  def foldMerged(
      fold: PnlFold,
      trades: Vector[FeedLine.Trade],
      quotes: Vector[FeedLine.Quote],
      through: Long
  ): Unit = {
    var i = 0
    var j = 0
    while ((i < trades.size && trades(i).time <= through) || (j < quotes.size && quotes(j).time <= through)) {
      val takeTrade =
        j >= quotes.size || quotes(j).time > through ||
          (i < trades.size && trades(i).time <= through && trades(i).time <= quotes(j).time)
      if (takeTrade) {
        val t = trades(i)
        fold.trade(t.time, t.symbol, t.price, t.qty, t.buyAccount, t.sellAccount)
        i += 1
      } else {
        val q = quotes(j)
        fold.quote(q.time, q.symbol, q.bid, q.ask, q.twoSided)
        j += 1
      }
    }
  }
}
