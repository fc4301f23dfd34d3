package mvt.reporting.auth

import cats.syntax.all.*
import doobie.*
import doobie.implicits.*

/**
 * The portal's sign-in tables, kept in the report store's SQLite file beside the figures: users (never a
 * password, only its hash), sessions and API tokens (only an ID and a salted hash of each), and the audit log.
 * Times are epoch milliseconds. Created if absent; a user's sessions and tokens go with the user. `auth_changes`
 * counts every change to users and tokens and every session begun or ended (by triggers, so a change by any
 * process that writes the file counts): a server holding the tokens and sessions in memory reads that one number
 * to learn whether its copy is still current.
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
            detail TEXT)""",
    sql"CREATE TABLE IF NOT EXISTS auth_changes(id INTEGER PRIMARY KEY CHECK (id = 0), n INTEGER NOT NULL)",
    sql"INSERT OR IGNORE INTO auth_changes(id, n) VALUES (0, 0)"
  ) ++ (for {
    // a session's use (`seen`, an UPDATE) is not a change: a server holding the sessions records its own uses
    (table, change, word) <- List("users", "tokens").flatMap(t =>
      List((t, "INSERT", "added"), (t, "UPDATE", "changed"), (t, "DELETE", "removed"))
    ) ++ List(("sessions", "INSERT", "added"), ("sessions", "DELETE", "removed"))
  } yield Fragment.const(
    s"""CREATE TRIGGER IF NOT EXISTS ${table}_${word} AFTER $change ON $table
        BEGIN UPDATE auth_changes SET n = n + 1 WHERE id = 0; END"""
  ))

  /** Creates whatever of the tables is missing. */
  val create: ConnectionIO[Unit] = tables.traverse_(_.update.run)
}
