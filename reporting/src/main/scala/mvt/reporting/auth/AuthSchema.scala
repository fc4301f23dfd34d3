package mvt.reporting.auth

import cats.syntax.all.*
import doobie.*
import doobie.implicits.*

/**
 * The portal's sign-in tables, kept in the report store's SQLite file beside the figures: users (never a
 * password, only its hash), sessions and API tokens (only an ID and a salted hash of each), and the audit log.
 * Times are epoch milliseconds. Created if absent; a user's sessions and tokens go with the user.
 */
object AuthSchema {

  private val tables: List[Fragment] = List(
    sql"""CREATE TABLE IF NOT EXISTS users(name TEXT PRIMARY KEY, role TEXT NOT NULL, accounts TEXT NOT NULL,
            algorithm TEXT NOT NULL, iterations INTEGER NOT NULL, salt BLOB NOT NULL, hash BLOB NOT NULL,
            created INTEGER NOT NULL)""",
    sql"""CREATE TABLE IF NOT EXISTS sessions(id TEXT PRIMARY KEY, salt BLOB NOT NULL, hash BLOB NOT NULL,
            user TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE, created INTEGER NOT NULL,
            seen INTEGER NOT NULL)""",
    sql"""CREATE TABLE IF NOT EXISTS tokens(id TEXT PRIMARY KEY, salt BLOB NOT NULL, hash BLOB NOT NULL,
            user TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE, created INTEGER NOT NULL)""",
    sql"""CREATE TABLE IF NOT EXISTS audit(at INTEGER NOT NULL, event TEXT NOT NULL, user TEXT, address TEXT,
            detail TEXT)"""
  )

  /** Creates whatever of the tables is missing. */
  val create: ConnectionIO[Unit] = tables.traverse_(_.update.run)
}
