package mvt.reporting.auth

import cats.effect.{IO, Ref, Resource}
import cats.syntax.all.*
import doobie.*
import doobie.implicits.*
import mvt.reporting.store.Sqlite

import java.nio.file.Path
import scala.concurrent.duration.*

/**
 * Users, sessions, API tokens and the audit log in the report store's SQLite file (`AuthSchema`). Secrets are
 * looked up by their ID and checked against their salted hash; nothing stored here signs anyone in by itself.
 * Writes go through a connection of its own, reads through read-only ones, so a check never waits for ingest.
 * The live tokens and sessions are held in memory (`SecretTable`), so checking a token or a session cookie reads
 * no file: re-read at once after this store changes them (a session ended here is gone at once), and otherwise
 * whenever the file's count of changes has moved, which `AuthStore.open` looks at every `AuthStore.RefreshEvery`
 * (so a change by another process holds within about that). Safe to use from any fiber.
 */
final class AuthStore private (
    writer: Transactor[IO],
    readers: Transactor[IO],
    tables: Ref[IO, SecretTable]
) {

  private def accountsText(as: Set[Int]): String = as.toVector.sorted.mkString(",")
  private def accountsOf(text: String): Set[Int] =
    if (text.isEmpty) Set.empty else text.split(',').iterator.map(_.toInt).toSet

  private def userOf(name: String, role: String, accounts: String): User =
    User(name, Role.parse(role).getOrElse(Role.Client), accountsOf(accounts))

  /** Adds a user; false when the name is taken. */
  def addUser(user: User, hash: PasswordHash, now: Long): IO[Boolean] =
    sql"SELECT 1 FROM users WHERE name = ${user.name}".query[Int].option.flatMap {
      case Some(_) => FC.pure(false)
      case None =>
        sql"""INSERT INTO users(name, role, accounts, algorithm, iterations, salt, hash, created) VALUES
              (${user.name}, ${user.role.word}, ${accountsText(user.accounts)}, ${hash.algorithm},
               ${hash.iterations}, ${hash.salt}, ${hash.hash}, $now)""".update.run.as(true)
    }.transact(writer)

  /** Removes a user, their sessions and tokens; false when there is no such user. */
  def removeUser(name: String): IO[Boolean] =
    sql"DELETE FROM users WHERE name = $name".update.run.map(_ > 0).transact(writer) <* reload

  /** Sets a user's password and ends their sessions; false when there is no such user. */
  def setPassword(name: String, hash: PasswordHash): IO[Boolean] =
    (sql"""UPDATE users SET algorithm = ${hash.algorithm}, iterations = ${hash.iterations}, salt = ${hash
        .salt},
           hash = ${hash.hash} WHERE name = $name""".update.run <*
      sql"DELETE FROM sessions WHERE user = $name".update.run).map(_ > 0).transact(writer) <* reload

  /** Every user with the number of their live tokens, by name. */
  def users: IO[Vector[(User, Int)]] =
    sql"""SELECT u.name, u.role, u.accounts, (SELECT count(*) FROM tokens t WHERE t.user = u.name)
          FROM users u ORDER BY u.name"""
      .query[(String, String, String, Int)]
      .to[Vector]
      .map(_.map((n, r, a, t) => (userOf(n, r, a), t)))
      .transact(readers)

  /** A user and their password hash. */
  def user(name: String): IO[Option[(User, PasswordHash)]] =
    sql"SELECT name, role, accounts, algorithm, iterations, salt, hash FROM users WHERE name = $name"
      .query[(String, String, String, String, Int, Array[Byte], Array[Byte])]
      .option
      .map(_.map((n, r, a, alg, it, salt, hash) => (userOf(n, r, a), PasswordHash(alg, it, salt, hash))))
      .transact(readers)

  /** A new API token for the user, or None when there is no such user. Only its hash is kept. */
  def createToken(name: String, now: Long): IO[Option[Secret]] = {
    val (secret, h) = Secret.create()
    sql"SELECT 1 FROM users WHERE name = $name".query[Int].option.flatMap {
      case None => FC.pure(None)
      case Some(_) =>
        sql"INSERT INTO tokens(id, salt, hash, user, created) VALUES (${h.id}, ${h.salt}, ${h.hash}, $name, $now)"
          .update.run.as(Some(secret))
    }.transact(writer) <* reload
  }

  /** Revokes every token of the user; how many there were, or None when there is no such user. */
  def revokeTokens(name: String): IO[Option[Int]] =
    sql"SELECT 1 FROM users WHERE name = $name".query[Int].option.flatMap {
      case None => FC.pure(None)
      case Some(_) => sql"DELETE FROM tokens WHERE user = $name".update.run.map(Some(_))
    }.transact(writer) <* reload

  private val changes: ConnectionIO[Long] = sql"SELECT n FROM auth_changes WHERE id = 0".query[Long].unique

  // every token and session with its user, and the count of changes they are as of, in one read
  private def readTables: IO[SecretTable] =
    IO.monotonic.flatMap { at =>
      (
        changes,
        sql"""SELECT t.id, t.salt, t.hash, u.name, u.role, u.accounts FROM tokens t JOIN users u ON u.name = t.user"""
          .query[(String, Array[Byte], Array[Byte], String, String, String)]
          .to[Vector],
        sql"""SELECT s.id, s.salt, s.hash, s.created, s.seen, u.name, u.role, u.accounts FROM sessions s
              JOIN users u ON u.name = s.user"""
          .query[(String, Array[Byte], Array[Byte], Long, Long, String, String, String)]
          .to[Vector]
      ).tupled.transact(readers).map { (n, tokenRows, sessionRows) =>
        SecretTable(
          n,
          tokenRows.iterator.map((id, salt, hash, u, r, a) =>
            id -> SecretTable.Token(SecretHash(id, salt, hash), userOf(u, r, a))
          ).toMap,
          sessionRows.iterator.map((id, salt, hash, c, seen, u, r, a) =>
            id -> SecretTable.Session(SecretHash(id, salt, hash), SessionRow(id, userOf(u, r, a), c, seen))
          ).toMap,
          at.toNanos
        )
      }
    }

  // a table read later may still be older than the one held (two reads racing): the count of changes decides
  private def install(t: SecretTable): IO[SecretTable] = tables.updateAndGet(_.replacedBy(t))

  private def reload: IO[Unit] = readTables.flatMap(install).void

  /**
   * Reads the count of changes to users, tokens and sessions, and the tables again only when it moved since the
   * ones held were read: one small read when nothing changed.
   */
  def refresh: IO[Unit] =
    IO.monotonic.flatMap { at =>
      changes.transact(readers).flatMap { n =>
        tables.get.flatMap { h =>
          if (n == h.version)
            tables.update(h => if (h.version == n) h.copy(readAt = at.toNanos max h.readAt) else h)
          else reload
        }
      }
    }

  // the tables held, or fresh ones if the refresh has fallen behind (a stalled fiber must not keep a revoked secret)
  private def current: IO[SecretTable] =
    (tables.get, IO.monotonic).flatMapN { (h, now) =>
      if (h.version < 0 || now.toNanos - h.readAt > AuthStore.StaleAfter.toNanos)
        readTables.flatMap(install)
      else IO.pure(h)
    }

  /** The user a token belongs to, if it is a live token: a probe of the tokens in memory and one SHA-256. */
  def tokenUser(secret: Secret): IO[Option[User]] = current.map(_.user(secret))

  /**
   * The sessions and tokens of `sessions` and `tokens` that exist and are these ones (their key matches), from the
   * tables in memory: a session with its row, a token with its user. Whether a session has expired is the
   * caller's to judge.
   */
  def held(
      sessions: Vector[Secret],
      tokens: Vector[Secret]
  ): IO[(Map[Secret, SessionRow], Map[Secret, User])] =
    current.map { table =>
      (
        sessions.flatMap(s => table.session(s).map(s -> _)).toMap,
        tokens.flatMap(s => table.user(s).map(s -> _)).toMap
      )
    }

  /** A new session of the user, begun at `now`. */
  def createSession(name: String, now: Long): IO[Secret] = {
    val (secret, h) = Secret.create()
    sql"""INSERT INTO sessions(id, salt, hash, user, created, seen) VALUES
          (${h.id}, ${h.salt}, ${h.hash}, $name, $now, $now)""".update.run.transact(writer).as(
      secret
    ) <* reload
  }

  /**
   * The session's user, when it began and when it was last seen, if the session is a live one and is this one:
   * a probe of the sessions in memory and one SHA-256.
   */
  def session(secret: Secret): IO[Option[SessionRow]] = current.map(_.session(secret))

  /** `session` as the file has it now, whatever is held in memory (a use recorded by another process shows). */
  def sessionInFile(secret: Secret): IO[Option[SessionRow]] =
    sql"""SELECT s.salt, s.hash, s.created, s.seen, u.name, u.role, u.accounts FROM sessions s
          JOIN users u ON u.name = s.user WHERE s.id = ${secret.id}"""
      .query[(Array[Byte], Array[Byte], Long, Long, String, String, String)]
      .option
      .map(_.collect {
        case (salt, hash, c, s, n, r, a) if SecretHash(secret.id, salt, hash).matches(secret.key) =>
          SessionRow(secret.id, userOf(n, r, a), c, s)
      })
      .transact(readers)

  /** Records that the session was used at `now`, in the file and in memory. */
  def touchSession(id: String, now: Long): IO[Unit] =
    tables.update(_.seen(id, now)) >>
      sql"UPDATE sessions SET seen = $now WHERE id = $id AND seen < $now".update.run.transact(writer).void

  /** Ends a session (sign-out, or found expired): gone from memory at once, whether or not the file is written. */
  def endSession(id: String): IO[Unit] =
    tables.update(_.without(id)) >> sql"DELETE FROM sessions WHERE id = $id".update.run.transact(writer).void >> reload

  /** Ends every session begun before `createdBefore` or not seen since `seenBefore`. */
  def endExpired(createdBefore: Long, seenBefore: Long): IO[Int] =
    sql"DELETE FROM sessions WHERE created < $createdBefore OR seen < $seenBefore".update.run.transact(
      writer
    ) <* reload

  /** Appends to the audit log. */
  def audit(e: AuditEntry): IO[Unit] =
    sql"""INSERT INTO audit(at, event, user, address, detail) VALUES
          (${e.at}, ${e.event}, ${e.user}, ${e.address}, ${e.detail})""".update.run.transact(writer).void

  /** The audit log's last `n` entries, newest first. */
  def auditLog(n: Int): IO[Vector[AuditEntry]] =
    sql"SELECT at, event, user, address, detail FROM audit ORDER BY rowid DESC LIMIT $n"
      .query[AuditEntry]
      .to[Vector]
      .transact(readers)
}

/** A session as stored: its ID, user, and when it began and was last seen (epoch milliseconds). */
final case class SessionRow(id: String, user: User, created: Long, seen: Long)

object AuthStore {

  /** How often an open store looks for changes to users and tokens made by another process. */
  val RefreshEvery: FiniteDuration = 1.second

  /** How old the tables held may be before a check reads them afresh itself (the refresh has fallen behind). */
  val StaleAfter: FiniteDuration = 5.seconds

  /**
   * The sign-in tables of the report store in `file`, created if absent. The file must already be a report
   * store: the caller opens it as one first, which refuses a file that is not. Its tokens and sessions are read at once and
   * kept current on a fiber of its own until release (a failed look is retried at the next one).
   */
  def open(file: Path): Resource[IO, AuthStore] =
    for {
      w <- Sqlite.writer(file)
      _ <- Resource.eval(AuthSchema.create.transact(w))
      r <- Sqlite.readers(file, 2)
      held <- Resource.eval(Ref.of[IO, SecretTable](SecretTable.Empty))
      store = new AuthStore(w, r, held)
      _ <- Resource.eval(store.reload)
      _ <- (IO.sleep(RefreshEvery) >> store.refresh.attempt).foreverM.void.background
    } yield store
}
