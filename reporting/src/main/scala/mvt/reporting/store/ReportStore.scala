package mvt.reporting.store

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import doobie.*
import doobie.implicits.*
import mvt.reporting.{AccountDay, Change, HourFigure, KeyState, Lots, MarkFigure, PnlFold, SymbolPerformance}

import java.math.BigDecimal
import java.nio.file.Path

/**
 * The report projections in SQLite: each (account, symbol)'s state at the hours it filled in, each symbol's mark
 * at the hours it moved (the PnL at an hour is the two combined), the fold's state (every key's lots and every
 * symbol's mark inputs) and each feed's read offset. One transaction writes all of them together, so a restart
 * resumes exactly where the last commit left off ([[StoreWriter]]; the tables and the store's marker are
 * [[StoreSchema]]'s). Reads go through their own connections and never wait for ingest.
 */
final class ReportStore private (
    writer: Transactor[IO],
    readers: Transactor[IO],
    val feePerShare: BigDecimal
) extends ReportReads {
  import ReportStore.*

  /** The fold as the last commit left it, and the feeds' offsets. */
  def resume: IO[(PnlFold, Map[String, FeedOffset])] =
    (for {
      clock <- meta("clock")
      closed <- meta("closed_hour")
      marks <- sql"SELECT symbol, bid_ask, last_trade, recorded FROM marks".query[SymbolMark].to[Vector]
      lots <- sql"SELECT account, symbol, state FROM lots".query[KeyLots].to[Vector]
      offsets <- sql"SELECT path, bytes, line, done FROM feeds".query[FeedOffset].to[Vector]
    } yield {
      val fold = new PnlFold(feePerShare, keepHistory = false, emitFigures = true)
      (clock, closed) match {
        case (Some(c), Some(h)) =>
          fold.restore(
            c.toLong,
            h.toLong,
            marks.map(m => (m.symbol, m.bidAsk, m.lastTrade, m.recorded)),
            lots.map(k => (k.account, k.symbol, Lots.decode(k.state)))
          )
        case _ => ()
      }
      (fold, offsets.map(o => o.path -> o).toMap)
    }).transact(writer)

  /**
   * What the fold produced since the last one was taken, and the offsets that produced it, taken from the fold
   * (which then forgets it) as data that no later fold step changes: it can be written while the fold goes on.
   */
  def take(fold: PnlFold, offsets: Iterable[FeedOffset]): Batch =
    Batch(
      fold.drainFigures(),
      fold.drainMarks(),
      fold.drainChanged().map((a, s, l) => KeyLots(a, s, l.encode)),
      fold.marks.map(SymbolMark.apply.tupled),
      fold.now,
      fold.lastClosedHour,
      offsets.toVector
    )

  /** Writes a batch in one transaction; the number of hourly figures written. */
  def write(b: Batch): IO[Int] = StoreWriter.write(b).transact(writer)

  /** The last whole hour the store has closed (epoch hours), if any. */
  def lastClosedHour: IO[Option[Long]] =
    sql"SELECT value FROM meta WHERE key = 'closed_hour'".query[String].option
      .map(_.map(_.toLong).filter(_ != Long.MinValue))
      .transact(readers)

  /** Whether the account has any fill in the store. */
  def knows(account: Int): IO[Boolean] =
    sql"SELECT 1 FROM lots WHERE account = $account LIMIT 1".query[Int].option.map(_.isDefined).transact(
      readers
    )

  /** The feeds' offsets as committed. */
  def offsets: IO[Vector[FeedOffset]] =
    sql"SELECT path, bytes, line, done FROM feeds ORDER BY path".query[FeedOffset].to[Vector].transact(
      readers
    )

  // each key of `keys` (a condition on `k`) at each hour of `hours`
  private def statesAt(keys: Fragment, hours: Vector[Long]): ConnectionIO[Vector[StateAt]] = {
    val at = hours.zipWithIndex.map((h, i) => fr"SELECT $i AS tag, $h AS hr").reduce(_ ++ fr"UNION ALL" ++ _)
    (fr"WITH at(tag, hr) AS (" ++ at ++ fr""")
        SELECT at.tag, k.account, k.symbol, h.position, h.cost, h.realized, h.fees, m.mark
        FROM at, lots k
        JOIN hourly h ON h.account = k.account AND h.symbol = k.symbol AND h.hour =
          (SELECT max(g.hour) FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= at.hr)
        JOIN mark_hours m ON m.symbol = k.symbol AND m.hour =
          (SELECT max(n.hour) FROM mark_hours n WHERE n.symbol = k.symbol AND n.hour <= at.hr)
        WHERE """ ++ keys)
      .query[(Int, Int, String, Long, String, String, String, String)]
      .map((tag, a, s, p, c, r, f, m) =>
        StateAt(
          tag,
          a,
          s,
          KeyState(p, new BigDecimal(c), new BigDecimal(r), new BigDecimal(f)),
          new BigDecimal(m)
        )
      )
      .to[Vector]
  }

  def performance(account: Int, hour: Long): IO[Vector[SymbolPerformance]] =
    statesAt(fr"k.account = $account", trendHours(hour)).transact(readers).map(performanceOf)

  /**
   * Every account's performance at `hour` at once (an account with no fill by then is absent): one pass over
   * every key, for a view of the latest hour built once rather than a query per request.
   */
  def performanceOfAll(hour: Long): IO[Map[Int, Vector[SymbolPerformance]]] =
    statesAt(fr"1 = 1", trendHours(hour)).transact(readers).map(rows =>
      rows.groupBy(_.account).view.mapValues(performanceOf).toMap.filter(_._2.nonEmpty)
    )

  // the hour, and the three before it that the trends compare it with
  private def trendHours(hour: Long): Vector[Long] = Vector(hour, hour - 1, hour - 24, hour - 168)

  // one account's rows of `statesAt` at `trendHours`, as its figures per symbol
  private def performanceOf(rows: Vector[StateAt]): Vector[SymbolPerformance] = {
    val pnl = rows.map(r => (r.tag, r.symbol) -> r.pnl).toMap
    rows.filter(_.tag == 0).sortBy(_.symbol).map { r =>
      val s = r.symbol
      val now = pnl((0, s))
      def since(tag: Int) = Change(now.subtract(pnl.getOrElse((tag, s), BigDecimal.ZERO)))
      SymbolPerformance(
        s,
        r.state.position,
        r.state.realized,
        r.state.unrealized(r.mark),
        r.state.fees,
        now,
        since(1),
        since(2),
        since(3)
      )
    }
  }

  /**
   * The account's PnL at every whole hour from `from` to `to` (epoch hours, inclusive): of one symbol, or summed
   * over all of them. 0 before the first fill.
   */
  def series(account: Int, symbol: Option[String], from: Long, to: Long): IO[Vector[(Long, BigDecimal)]] = {
    val only = symbol.fold(fr"")(s => fr"AND k.symbol = $s")
    val states =
      (fr"""SELECT k.symbol, g.hour, g.position, g.cost, g.realized, g.fees FROM lots k
            JOIN hourly g ON g.account = k.account AND g.symbol = k.symbol
            WHERE k.account = $account""" ++ only ++ fr"""AND (g.hour BETWEEN $from AND $to OR g.hour =
              (SELECT max(e.hour) FROM hourly e WHERE e.account = k.account AND e.symbol = k.symbol AND e.hour < $from))
            ORDER BY g.hour""")
        .query[(String, Long, Long, String, String, String)]
        .map((s, h, p, c, r, f) =>
          KeyStep(s, h, KeyState(p, new BigDecimal(c), new BigDecimal(r), new BigDecimal(f)))
        )
        .to[Vector]
    val marks =
      (fr"""SELECT m.symbol, m.hour, m.mark FROM mark_hours m
            WHERE m.symbol IN (SELECT k.symbol FROM lots k WHERE k.account = $account""" ++ only ++ fr""")
            AND (m.hour BETWEEN $from AND $to OR m.hour =
              (SELECT max(e.hour) FROM mark_hours e WHERE e.symbol = m.symbol AND e.hour < $from))
            ORDER BY m.hour""")
        .query[(String, Long, String)]
        .map((s, h, m) => MarkStep(s, h, new BigDecimal(m)))
        .to[Vector]
    (states, marks).tupled.transact(readers).map { (st, mk) =>
      // walk the hours, each symbol's state and mark holding until its next step
      val state = scala.collection.mutable.HashMap.empty[String, KeyState]
      val mark = scala.collection.mutable.HashMap.empty[String, BigDecimal]
      var i = 0
      var j = 0
      (from to to).iterator.map { h =>
        while (i < st.size && st(i).hour <= h) { state.update(st(i).symbol, st(i).state); i += 1 }
        while (j < mk.size && mk(j).hour <= h) { mark.update(mk(j).symbol, mk(j).mark); j += 1 }
        h -> state.foldLeft(BigDecimal.ZERO)((sum, kv) => sum.add(kv._2.pnl(mark(kv._1))))
      }.toVector
    }
  }

  /** Every account's total PnL at `hour` and its change over the 24 hours before, best first. */
  def day(hour: Long): IO[Vector[AccountDay]] =
    statesAt(fr"1 = 1", Vector(hour, hour - 24)).transact(readers).map { rows =>
      val byAccount = rows.groupMapReduce(r => (r.tag, r.account))(_.pnl)(_.add(_))
      byAccount.keys.filter(_._1 == 0).map(_._2).toVector.map { a =>
        val now = byAccount((0, a))
        AccountDay(a, now, now.subtract(byAccount.getOrElse((1, a), BigDecimal.ZERO)))
      }.sortBy(d => (d.change.negate, d.account))
    }

  private def meta(key: String): ConnectionIO[Option[String]] =
    sql"SELECT value FROM meta WHERE key = $key".query[String].option
}

object ReportStore {

  /** The rows one ingest transaction writes, with the fold's clock and last closed hour. */
  final case class Batch(
      figures: Vector[HourFigure],
      marks: Vector[MarkFigure],
      lots: Vector[KeyLots],
      symbolMarks: Vector[SymbolMark],
      now: Long,
      closedHour: Long,
      offsets: Vector[FeedOffset]
  )

  /** One key's lots as stored: their encoding ([[Lots.encode]]). */
  final case class KeyLots(account: Int, symbol: String, state: Array[Byte])

  /** One symbol's mark inputs: bid + ask of its last two-sided quote, its last trade price, twice its last mark. */
  final case class SymbolMark(symbol: String, bidAsk: Long, lastTrade: Long, recorded: Long)

  // a key's state from an hour on, and a symbol's mark from an hour on: the steps a series walks
  private final case class KeyStep(symbol: String, hour: Long, state: KeyState)
  private final case class MarkStep(symbol: String, hour: Long, mark: BigDecimal)

  // one key's state and its symbol's mark at the hour numbered `tag` of a query's hours
  private final case class StateAt(
      tag: Int,
      account: Int,
      symbol: String,
      state: KeyState,
      mark: BigDecimal
  ) {
    def pnl: BigDecimal = state.pnl(mark)
  }

  /** Why a store cannot be used: it was built with another fee, or by something that is not this store. */
  final case class Refused(detail: String) extends Exception(detail)

  /**
   * Opens (or creates) the store in `file`, after checking on a read-only connection that it is empty or a store
   * ([[StoreSchema.check]]), so nothing is written to a database that is not one. A new store takes
   * `feePerShare` (default 0); an existing one keeps the fee it was built with, and a different one asked for is
   * refused, since every stored figure holds it.
   */
  def open(
      file: Path,
      feePerShare: Option[BigDecimal],
      readerConnections: Int = 4
  ): Resource[IO, ReportStore] =
    for {
      _ <- Resource.eval(StoreSchema.check(file).flatMap(_.fold(IO.unit)(d => IO.raiseError(Refused(d)))))
      // a file that is not SQLite fails already on the connection's first pragma
      w <- Sqlite.writer(file).adaptError(refusal)
      fee <- Resource.eval(StoreSchema.prepare(feePerShare).transact(w).adaptError(refusal))
      r <- Sqlite.readers(file, readerConnections)
    } yield new ReportStore(w, r, fee)

  private val refusal: PartialFunction[Throwable, Throwable] = {
    case e: java.sql.SQLException => Refused(s"cannot use it as a report store: ${e.getMessage}")
  }
}
