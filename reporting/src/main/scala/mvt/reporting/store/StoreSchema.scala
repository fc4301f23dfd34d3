package mvt.reporting.store

import cats.effect.IO
import cats.syntax.all.*
import doobie.*
import doobie.implicits.*
import mvt.core.Money

import java.math.BigDecimal
import java.nio.file.{Files, Path}

/**
 * The report store's tables and the marker that says a database is one: a table `mvt_report_store` holding the
 * schema's version. A database is checked before anything is written to it, on a read-only connection: an
 * empty one becomes a store, a store of this version is resumed, and anything else (another program's
 * database, a store of another version, a file that is not SQLite) is refused untouched.
 */
object StoreSchema {

  /** The version of the tables below; a store of another version is refused rather than misread. */
  val Version = 2

  /** What `meta` said of a store before the marker table existed; such a store gains the marker when opened. */
  private val Kind = "mvt report store 2"

  private val Marker = "mvt_report_store"

  private val tables: List[Fragment] = List(
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

  /**
   * Whether the database in `file` may be opened as a store, read without writing: None when it may (absent,
   * empty, or a store of this version), else why not.
   */
  def check(file: Path): IO[Option[String]] =
    if (!Files.exists(file) || (Files.isRegularFile(file) && Files.size(file) == 0L)) IO.pure(None)
    else
      Sqlite.readOnce(file) { c =>
        def strings(q: String): Vector[String] = {
          val rs = c.createStatement().executeQuery(q)
          try Iterator.continually(rs).takeWhile(_.next()).map(_.getString(1)).toVector
          finally rs.close()
        }
        val names =
          strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        if (names.isEmpty) None
        else if (names.contains(Marker)) {
          val v = strings(s"SELECT version FROM $Marker")
          Option.when(v != Vector(Version.toString))(
            s"a report store of version ${v.mkString(", ")}; this mvt reads version $Version; use a new --db"
          )
        } else if (names.contains("meta")) {
          strings("SELECT value FROM meta WHERE key = 'kind'") match {
            case Vector(Kind) => None
            case Vector(other) => Some(s"not an mvt report store (it says \"$other\"); use a new --db")
            case _ => Some(notOurs(names))
          }
        } else Some(notOurs(names))
      }.handleError {
        case e: java.sql.SQLException => Some(s"cannot use it as a report store: ${e.getMessage}")
      }

  private def notOurs(names: Vector[String]): String =
    s"not an mvt report store: it holds other tables (${names.sorted.take(5).mkString(", ")}" +
      s"${if (names.size > 5) ", ..." else ""}) and no mark of a store; use a new --db"

  /**
   * Creates what is missing (the marker first) and gives the store's fee: a new store takes `asked` (default 0);
   * an existing one keeps its own, and a different one asked for is refused, since every stored figure holds it.
   * Run only on a database [[check]] allowed.
   */
  def prepare(asked: Option[BigDecimal]): ConnectionIO[BigDecimal] =
    for {
      _ <- sql"CREATE TABLE IF NOT EXISTS mvt_report_store(version INTEGER NOT NULL)".update.run
      marked <- sql"SELECT count(*) FROM mvt_report_store".query[Int].unique
      _ <- sql"INSERT INTO mvt_report_store(version) VALUES ($Version)".update.run.whenA(marked == 0)
      _ <- tables.traverse_(_.update.run)
      kind <- sql"SELECT value FROM meta WHERE key = 'kind'".query[String].option
      stored <- sql"SELECT value FROM meta WHERE key = 'fee_per_share'".query[String].option
      fee <- (kind, stored) match {
        case (None, _) =>
          val fee = asked.getOrElse(BigDecimal.ZERO)
          sql"INSERT INTO meta(key, value) VALUES ('kind', $Kind)".update.run *>
            sql"INSERT INTO meta(key, value) VALUES ('fee_per_share', ${Money.render(fee)})".update.run.as(
              fee
            )
        case (Some(Kind), Some(s)) =>
          val fee = new BigDecimal(s)
          asked.filter(_.compareTo(fee) != 0) match {
            case Some(a) =>
              FC.raiseError[BigDecimal](ReportStore.Refused(
                s"the store was built with --fee-per-share ${Money.render(fee)}, not ${Money.render(a)}; use a new --db for another fee"
              ))
            case None => FC.pure(fee)
          }
        case (Some(other), _) =>
          FC.raiseError[BigDecimal](ReportStore.Refused(s"not an mvt report store (it says \"$other\")"))
      }
    } yield fee
}
