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
 * resumes exactly where the last commit left off. Reads go through their own connections and never wait for
 * ingest.
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
      marks <-
        sql"SELECT symbol, bid_ask, last_trade, recorded FROM marks".query[(String, Long, Long, Long)].to[
          Vector
        ]
      lots <- sql"SELECT account, symbol, state FROM lots".query[(Int, String, Array[Byte])].to[Vector]
      offsets <- sql"SELECT path, bytes, line, done FROM feeds".query[FeedOffset].to[Vector]
    } yield {
      val fold = new PnlFold(feePerShare, keepHistory = false, emitFigures = true)
      (clock, closed) match {
        case (Some(c), Some(h)) =>
          fold.restore(c.toLong, h.toLong, marks, lots.map((a, s, b) => (a, s, Lots.decode(b))))
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
      fold.drainChanged().map((a, s, l) => (a, s, l.encode)),
      fold.marks,
      fold.now,
      fold.lastClosedHour,
      offsets.toVector
    )

  /** Writes a batch in one transaction; the number of hourly figures written. */
  def write(b: Batch): IO[Int] = {
    import b.*
    val clock = now.toString
    val closed = closedHour.toString
    FC.raw { c =>
      batch(
        c,
        "INSERT OR REPLACE INTO hourly(account, symbol, hour, position, cost, realized, fees) VALUES (?, ?, ?, ?, ?, ?, ?)"
      ) {
        st =>
          figures.foreach { f =>
            st.setInt(1, f.account)
            st.setString(2, f.symbol)
            st.setLong(3, f.hour)
            st.setLong(4, f.state.position)
            st.setString(5, text(f.state.cost))
            st.setString(6, text(f.state.realized))
            st.setString(7, text(f.state.fees))
            st.addBatch()
          }
      }
      batch(c, "INSERT OR REPLACE INTO mark_hours(symbol, hour, mark) VALUES (?, ?, ?)") { st =>
        marks.foreach { m =>
          st.setString(1, m.symbol)
          st.setLong(2, m.hour)
          st.setString(3, text(m.mark))
          st.addBatch()
        }
      }
      batch(c, "INSERT OR REPLACE INTO lots(account, symbol, state) VALUES (?, ?, ?)") { st =>
        lots.foreach { (a, s, l) =>
          st.setInt(1, a)
          st.setString(2, s)
          st.setBytes(3, l)
          st.addBatch()
        }
      }
      batch(c, "INSERT OR REPLACE INTO marks(symbol, bid_ask, last_trade, recorded) VALUES (?, ?, ?, ?)") {
        st =>
          symbolMarks.foreach { (s, b, t, r) =>
            st.setString(1, s)
            st.setLong(2, b)
            st.setLong(3, t)
            st.setLong(4, r)
            st.addBatch()
          }
      }
      batch(c, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)") { st =>
        st.setString(1, "clock"); st.setString(2, clock); st.addBatch()
        st.setString(1, "closed_hour"); st.setString(2, closed); st.addBatch()
      }
      batch(c, "INSERT OR REPLACE INTO feeds(path, bytes, line, done) VALUES (?, ?, ?, ?)") { st =>
        b.offsets.foreach { o =>
          st.setString(1, o.path)
          st.setLong(2, o.bytes)
          st.setLong(3, o.line)
          st.setInt(4, if (o.done) 1 else 0)
          st.addBatch()
        }
      }
      figures.size
    }.transact(writer)
  }

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

  // each key of `keys` (a condition on `k`) at each hour of `hours`: (hour index, account, symbol, state, mark)
  private def statesAt(
      keys: Fragment,
      hours: Vector[Long]
  ): ConnectionIO[Vector[(Int, Int, String, KeyState, BigDecimal)]] = {
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
        (tag, a, s, KeyState(p, new BigDecimal(c), new BigDecimal(r), new BigDecimal(f)), new BigDecimal(m))
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
      rows.groupBy(_._2).view.mapValues(performanceOf).toMap.filter(_._2.nonEmpty)
    )

  // the hour, and the three before it that the trends compare it with
  private def trendHours(hour: Long): Vector[Long] = Vector(hour, hour - 1, hour - 24, hour - 168)

  // one account's rows of `statesAt` at `trendHours`, as its figures per symbol
  private def performanceOf(rows: Vector[(Int, Int, String, KeyState, BigDecimal)])
      : Vector[SymbolPerformance] = {
    val pnl = rows.map((tag, _, s, st, m) => (tag, s) -> st.pnl(m)).toMap
    rows.filter(_._1 == 0).sortBy(_._3).map { (_, _, s, st, m) =>
      val now = pnl((0, s))
      def since(tag: Int) = Change(now.subtract(pnl.getOrElse((tag, s), BigDecimal.ZERO)))
      SymbolPerformance(
        s,
        st.position,
        st.realized,
        st.unrealized(m),
        st.fees,
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
          (s, h, KeyState(p, new BigDecimal(c), new BigDecimal(r), new BigDecimal(f)))
        )
        .to[Vector]
    val marks =
      (fr"""SELECT m.symbol, m.hour, m.mark FROM mark_hours m
            WHERE m.symbol IN (SELECT k.symbol FROM lots k WHERE k.account = $account""" ++ only ++ fr""")
            AND (m.hour BETWEEN $from AND $to OR m.hour =
              (SELECT max(e.hour) FROM mark_hours e WHERE e.symbol = m.symbol AND e.hour < $from))
            ORDER BY m.hour""")
        .query[(String, Long, String)]
        .map((s, h, m) => (s, h, new BigDecimal(m)))
        .to[Vector]
    (states, marks).tupled.transact(readers).map { (st, mk) =>
      // walk the hours, each symbol's state and mark holding until its next step
      val state = scala.collection.mutable.HashMap.empty[String, KeyState]
      val mark = scala.collection.mutable.HashMap.empty[String, BigDecimal]
      var i = 0
      var j = 0
      (from to to).iterator.map { h =>
        while (i < st.size && st(i)._2 <= h) { state.update(st(i)._1, st(i)._3); i += 1 }
        while (j < mk.size && mk(j)._2 <= h) { mark.update(mk(j)._1, mk(j)._3); j += 1 }
        h -> state.foldLeft(BigDecimal.ZERO)((sum, kv) => sum.add(kv._2.pnl(mark(kv._1))))
      }.toVector
    }
  }

  /** Every account's total PnL at `hour` and its change over the 24 hours before, best first. */
  def day(hour: Long): IO[Vector[AccountDay]] =
    statesAt(fr"1 = 1", Vector(hour, hour - 24)).transact(readers).map { rows =>
      val byAccount = rows.groupMapReduce(r => (r._1, r._2))(r => r._4.pnl(r._5))(_.add(_))
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
      lots: Vector[(Int, String, Array[Byte])],
      symbolMarks: Vector[(String, Long, Long, Long)],
      now: Long,
      closedHour: Long,
      offsets: Vector[FeedOffset]
  )

  /** Why a store cannot be used: it was built with another fee, or by something that is not this store. */
  final case class Refused(detail: String) extends Exception(detail)

  private def text(v: BigDecimal): String = mvt.reporting.Money.render(v)

  // one statement, its rows added by `rows`, executed as one batch
  private def batch(
      c: java.sql.Connection,
      statement: String
  )(rows: java.sql.PreparedStatement => Unit): Unit = {
    val st = c.prepareStatement(statement)
    try {
      rows(st)
      val _ = st.executeBatch()
    } finally st.close()
  }

  private val schema: List[Fragment] = List(
    sql"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    sql"""CREATE TABLE IF NOT EXISTS hourly(account INTEGER NOT NULL, symbol TEXT NOT NULL, hour INTEGER NOT NULL,
            position INTEGER NOT NULL, cost TEXT NOT NULL, realized TEXT NOT NULL, fees TEXT NOT NULL,
            PRIMARY KEY (account, symbol, hour)) WITHOUT ROWID""",
    sql"""CREATE TABLE IF NOT EXISTS mark_hours(symbol TEXT NOT NULL, hour INTEGER NOT NULL, mark TEXT NOT NULL,
            PRIMARY KEY (symbol, hour)) WITHOUT ROWID""",
    sql"""CREATE TABLE IF NOT EXISTS lots(account INTEGER NOT NULL, symbol TEXT NOT NULL, state BLOB NOT NULL,
            PRIMARY KEY (account, symbol)) WITHOUT ROWID""",
    sql"""CREATE TABLE IF NOT EXISTS marks(symbol TEXT PRIMARY KEY, bid_ask INTEGER NOT NULL, last_trade INTEGER NOT NULL,
            recorded INTEGER NOT NULL)""",
    sql"""CREATE TABLE IF NOT EXISTS feeds(path TEXT PRIMARY KEY, bytes INTEGER NOT NULL, line INTEGER NOT NULL,
            done INTEGER NOT NULL)"""
  )

  private val Kind = "mvt report store 2"

  /**
   * Opens (or creates) the store in `file`. A new store takes `feePerShare` (default 0); an existing one keeps
   * the fee it was built with, and a different one asked for is refused, since every stored figure holds it.
   */
  def open(
      file: Path,
      feePerShare: Option[BigDecimal],
      readerConnections: Int = 4
  ): Resource[IO, ReportStore] =
    for {
      // a file that is not SQLite fails already on the connection's first pragma
      w <- Sqlite.writer(file).adaptError(refusal)
      fee <- Resource.eval(prepare(w, feePerShare))
      r <- Sqlite.readers(file, readerConnections)
    } yield new ReportStore(w, r, fee)

  private def prepare(w: Transactor[IO], asked: Option[BigDecimal]): IO[BigDecimal] = {
    val tx = for {
      _ <- schema.traverse_(_.update.run)
      kind <- sql"SELECT value FROM meta WHERE key = 'kind'".query[String].option
      stored <- sql"SELECT value FROM meta WHERE key = 'fee_per_share'".query[String].option
      fee <- (kind, stored) match {
        case (None, _) =>
          val fee = asked.getOrElse(BigDecimal.ZERO)
          sql"INSERT INTO meta(key, value) VALUES ('kind', $Kind)".update.run *>
            sql"INSERT INTO meta(key, value) VALUES ('fee_per_share', ${text(fee)})".update.run.as(fee)
        case (Some(Kind), Some(s)) =>
          val fee = new BigDecimal(s)
          asked.filter(_.compareTo(fee) != 0) match {
            case Some(a) =>
              FC.raiseError[BigDecimal](Refused(
                s"the store was built with --fee-per-share ${text(fee)}, not ${text(a)}; use a new --db for another fee"
              ))
            case None => FC.pure(fee)
          }
        case (Some(other), _) =>
          FC.raiseError[BigDecimal](Refused(s"not an mvt report store (it says \"$other\")"))
      }
    } yield fee
    tx.transact(w).adaptError(refusal)
  }

  private val refusal: PartialFunction[Throwable, Throwable] = {
    case e: java.sql.SQLException => Refused(s"cannot use it as a report store: ${e.getMessage}")
  }
}
