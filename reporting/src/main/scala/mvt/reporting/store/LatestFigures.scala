package mvt.reporting.store

import cats.effect.IO
import mvt.reporting.{AccountDay, SymbolPerformance}

import java.math.BigDecimal
import java.util.concurrent.atomic.AtomicReference
import scala.concurrent.duration.*

/**
 * The store's reads, with every account's figures at the latest closed hour held in memory: the page each
 * client opens first then costs no query, however many click at once. The view is built in one pass over the
 * store once that hour has closed; a closed hour's figures never change, so what it holds stays exact. Any other
 * hour, and an hour closed since the view was built, is read from the store as before. The day's ranking of
 * the view's hour comes from the view too. While `follow` refreshes, the last closed hour a refresh saw is used
 * for `staleAfter` only (past that, a refresh held up building a view, the store is asked); once `follow` ends,
 * however it ends, the store is asked until the next refresh: the portal's latest hour never stays behind the
 * store's. Without `follow`, what the last `refresh` saw stands.
 */
final class LatestFigures(store: ReportStore, staleAfter: FiniteDuration = 2.seconds) extends ReportReads {
  import LatestFigures.*

  // the store's last closed hour at the last refresh (NotChecked before the first, NoHour when none was closed),
  // and when that refresh read it (System.nanoTime)
  private val closed = new AtomicReference[Seen](Seen(NotChecked, 0L))
  private val view = new AtomicReference[View](null)
  // whether `follow` is refreshing
  @volatile private var following = false

  /** The hour the view in memory is of, if one was built. */
  def viewHour: Option[Long] = Option(view.get).map(_.hour)

  // until a refresh has seen a closed hour, the store is asked: its first hour is not held back a refresh; and
  // so it is when the last refresh is older than `staleAfter`
  def lastClosedHour: IO[Option[Long]] =
    IO(closed.get).flatMap { s =>
      if (
        s.hour == NotChecked || s.hour == NoHour || (following && System.nanoTime() - s.at > staleAfter.toNanos)
      )
        store.lastClosedHour
      else IO.pure(Some(s.hour))
    }

  def knows(account: Int): IO[Boolean] = {
    val v = view.get
    // an account with a fill keeps it: known to the view is known
    if (v != null && v.accounts.contains(account)) IO.pure(true) else store.knows(account)
  }

  def performance(account: Int, hour: Long): IO[Vector[SymbolPerformance]] = {
    val v = view.get
    if (v != null && v.hour == hour) IO.pure(v.accounts.getOrElse(account, Vector.empty))
    else store.performance(account, hour)
  }

  def series(account: Int, symbol: Option[String], from: Long, to: Long): IO[Vector[(Long, BigDecimal)]] =
    store.series(account, symbol, from, to)

  def day(hour: Long): IO[Vector[AccountDay]] = {
    val v = view.get
    if (v != null && v.hour == hour) IO.pure(v.ranking) else store.day(hour)
  }

  /**
   * Reads the store's last closed hour, and builds the view of it when there is none yet or when that hour was
   * already the last one at the refresh before: while ingest catches up, hours close faster than a view is
   * built, and each would be stale at once. True when it built a view.
   */
  def refresh: IO[Boolean] =
    store.lastClosedHour.flatMap { last =>
      val before = closed.getAndSet(Seen(last.getOrElse(NoHour), System.nanoTime())).hour
      val v = view.get
      last match {
        case Some(h) if v == null || (v.hour != h && before == h) =>
          store.performanceOfAll(h).map { accounts =>
            view.set(View(h, accounts))
            true
          }
        case _ => IO.pure(false)
      }
    }

  /**
   * Refreshes every `every`, for as long as it runs. A refresh that fails (the store busy past its timeout, say)
   * is tried again at the next one; meanwhile the last closed hour is read from the store, not from a refresh
   * that may be behind it.
   */
  def follow(every: FiniteDuration): IO[Nothing] =
    IO { following = true } >>
      (refresh.handleError { _ =>
        closed.set(Seen(NotChecked, 0L)); false
      } >> IO.sleep(every)).foreverM.guarantee(IO {
        following = false
        closed.set(Seen(NotChecked, 0L))
      })
}

object LatestFigures {
  private val NotChecked = Long.MinValue
  private val NoHour = Long.MinValue + 1

  // an hour a refresh read, and the System.nanoTime when it did
  private final case class Seen(hour: Long, at: Long)

  // every account's figures at `hour` (an account absent had no fill by then), and the accounts ranked by their
  // PnL's change over the day: the sum of their symbols' changes, since a symbol with no fill a day before
  // changed by all of its PnL
  private final case class View(hour: Long, accounts: Map[Int, Vector[SymbolPerformance]]) {
    val ranking: Vector[AccountDay] =
      accounts.toVector.map { (a, symbols) =>
        AccountDay(
          a,
          symbols.foldLeft(BigDecimal.ZERO)(_ add _.pnl),
          symbols.foldLeft(BigDecimal.ZERO)(_ add _.lastDay.amount)
        )
      }.sortBy(d => (d.change.negate, d.account))
  }
}
