package mvt.reporting.store

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import doobie.*
import doobie.implicits.*
import mvt.reporting.{AccountDay, Change, Lots, PnlFold, SymbolPerformance}

import java.math.BigDecimal
import java.nio.file.Path

/**
 * The report projections in SQLite: each (account, symbol)'s figures at the hours where they moved, the fold's
 * state (every key's lots and every symbol's mark inputs) and each feed's read offset. One transaction writes
 * all of them together, so a restart resumes exactly where the last commit left off. Reads go through their
 * own connections and never wait for ingest.
 */
final class ReportStore private (
    writer: Transactor[IO],
    readers: Transactor[IO],
    val feePerShare: BigDecimal
) {
  import ReportStore.*

  /** The fold as the last commit left it, and the feeds' offsets. */
  def resume: IO[(PnlFold, Map[String, FeedOffset])] =
    (for {
      clock <- meta("clock")
      closed <- meta("closed_hour")
      marks <- sql"SELECT symbol, bid_ask, last_trade FROM marks".query[(String, Long, Long)].to[Vector]
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

  /** Writes what the fold produced since the last commit, and the offsets that produced it, in one transaction. */
  def commit(fold: PnlFold, offsets: Iterable[FeedOffset]): IO[Int] = {
    val figures = fold.drainFigures()
    val changed = fold.drainChanged()
    val tx = for {
      _ <- Update[(Int, String, Long, Long, String, String, String, String)](
        "INSERT OR REPLACE INTO hourly(account, symbol, hour, position, realized, unrealized, fees, pnl) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
      ).updateMany(figures.map(f =>
        (
          f.account,
          f.symbol,
          f.hour,
          f.position,
          text(f.realized),
          text(f.unrealized),
          text(f.fees),
          text(f.pnl)
        )
      ))
      _ <- Update[(Int, String, Array[Byte])](
        "INSERT OR REPLACE INTO lots(account, symbol, state) VALUES (?, ?, ?)"
      )
        .updateMany(changed.map((a, s, l) => (a, s, l.encode)))
      _ <- Update[(String, Long, Long)](
        "INSERT OR REPLACE INTO marks(symbol, bid_ask, last_trade) VALUES (?, ?, ?)"
      )
        .updateMany(fold.marks)
      _ <- setMeta("clock", fold.now.toString)
      _ <- setMeta("closed_hour", fold.lastClosedHour.toString)
      _ <- Update[FeedOffset]("INSERT OR REPLACE INTO feeds(path, bytes, line, done) VALUES (?, ?, ?, ?)")
        .updateMany(offsets.toVector)
    } yield figures.size
    tx.transact(writer)
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

  /** Each symbol the account has filled by `hour`, with its figures then and the three trends. */
  def performance(account: Int, hour: Long): IO[Vector[SymbolPerformance]] = {
    val h1 = hour - 1
    val h24 = hour - 24
    val h168 = hour - 168
    sql"""SELECT h.symbol, h.position, h.realized, h.unrealized, h.fees, h.pnl,
            (SELECT g.pnl FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= $h1
              ORDER BY g.hour DESC LIMIT 1),
            (SELECT g.pnl FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= $h24
              ORDER BY g.hour DESC LIMIT 1),
            (SELECT g.pnl FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= $h168
              ORDER BY g.hour DESC LIMIT 1)
          FROM lots k JOIN hourly h ON h.account = k.account AND h.symbol = k.symbol
            AND h.hour = (SELECT g.hour FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol
              AND g.hour <= $hour ORDER BY g.hour DESC LIMIT 1)
          WHERE k.account = $account
          ORDER BY k.symbol"""
      .query[(String, Long, String, String, String, String, Option[String], Option[String], Option[String])]
      .map { (s, pos, r, u, f, p, p1, p24, p168) =>
        val pnl = new BigDecimal(p)
        def since(before: Option[String]) =
          Change(pnl.subtract(before.fold(BigDecimal.ZERO)(new BigDecimal(_))))
        SymbolPerformance(
          s,
          pos,
          new BigDecimal(r),
          new BigDecimal(u),
          new BigDecimal(f),
          pnl,
          since(p1),
          since(p24),
          since(p168)
        )
      }
      .to[Vector]
      .transact(readers)
  }

  /**
   * The account's PnL at every whole hour from `from` to `to` (epoch hours, inclusive): of one symbol, or summed
   * over all of them. 0 before the first fill.
   */
  def series(account: Int, symbol: Option[String], from: Long, to: Long): IO[Vector[(Long, BigDecimal)]] = {
    val only = symbol.fold(fr"")(s => fr"AND k.symbol = $s")
    val rows =
      (fr"""SELECT k.symbol, g.hour, g.pnl FROM lots k JOIN hourly g ON g.account = k.account AND g.symbol = k.symbol
            WHERE k.account = $account""" ++ only ++ fr"""AND (g.hour BETWEEN $from AND $to OR g.hour =
              (SELECT max(e.hour) FROM hourly e WHERE e.account = k.account AND e.symbol = k.symbol AND e.hour < $from))
            ORDER BY g.hour""")
        .query[(String, Long, String)]
        .to[Vector]
        .transact(readers)
    rows.map { steps =>
      // walk the hours, each symbol's PnL holding until its next step
      val current = scala.collection.mutable.HashMap.empty[String, BigDecimal]
      var i = 0
      (from to to).iterator.map { h =>
        while (i < steps.size && steps(i)._2 <= h) {
          current.update(steps(i)._1, new BigDecimal(steps(i)._3))
          i += 1
        }
        h -> current.values.foldLeft(BigDecimal.ZERO)(_.add(_))
      }.toVector
    }
  }

  /** Every account's total PnL at `hour` and its change over the 24 hours before, best first. */
  def day(hour: Long): IO[Vector[AccountDay]] = {
    val before = hour - 24
    sql"""SELECT k.account,
            (SELECT g.pnl FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= $hour
              ORDER BY g.hour DESC LIMIT 1),
            (SELECT g.pnl FROM hourly g WHERE g.account = k.account AND g.symbol = k.symbol AND g.hour <= $before
              ORDER BY g.hour DESC LIMIT 1)
          FROM lots k"""
      .query[(Int, Option[String], Option[String])]
      .to[Vector]
      .transact(readers)
      .map { rows =>
        def amount(s: Option[String]) = s.fold(BigDecimal.ZERO)(new BigDecimal(_))
        rows
          .filter(_._2.isDefined)
          .groupMapReduce(_._1)(r => (amount(r._2), amount(r._2).subtract(amount(r._3))))((a, b) =>
            (a._1.add(b._1), a._2.add(b._2))
          )
          .toVector
          .map { case (a, (p, c)) => AccountDay(a, p, c) }
          .sortBy(d => (d.change.negate, d.account))
      }
  }

  private def meta(key: String): ConnectionIO[Option[String]] =
    sql"SELECT value FROM meta WHERE key = $key".query[String].option

  private def setMeta(key: String, value: String): ConnectionIO[Int] =
    sql"INSERT OR REPLACE INTO meta(key, value) VALUES ($key, $value)".update.run
}

object ReportStore {

  /** Why a store cannot be used: it was built with another fee, or by something that is not this store. */
  final case class Refused(detail: String) extends Exception(detail)

  private def text(v: BigDecimal): String = mvt.reporting.Money.render(v)

  private val schema: List[Fragment] = List(
    sql"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    sql"""CREATE TABLE IF NOT EXISTS hourly(account INTEGER NOT NULL, symbol TEXT NOT NULL, hour INTEGER NOT NULL,
            position INTEGER NOT NULL, realized TEXT NOT NULL, unrealized TEXT NOT NULL, fees TEXT NOT NULL,
            pnl TEXT NOT NULL, PRIMARY KEY (account, symbol, hour)) WITHOUT ROWID""",
    sql"""CREATE TABLE IF NOT EXISTS lots(account INTEGER NOT NULL, symbol TEXT NOT NULL, state BLOB NOT NULL,
            PRIMARY KEY (account, symbol)) WITHOUT ROWID""",
    sql"CREATE TABLE IF NOT EXISTS marks(symbol TEXT PRIMARY KEY, bid_ask INTEGER NOT NULL, last_trade INTEGER NOT NULL)",
    sql"""CREATE TABLE IF NOT EXISTS feeds(path TEXT PRIMARY KEY, bytes INTEGER NOT NULL, line INTEGER NOT NULL,
            done INTEGER NOT NULL)"""
  )

  private val Kind = "mvt report store 1"

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
