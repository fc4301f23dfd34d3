package mvt.reporting.auth

/**
 * Every live API token and session in memory, by ID, each with its salted hash and its user: checking a token or a
 * session cookie is one map probe and one SHA-256, no store read. `version` is the store's count of changes to
 * users, tokens and sessions when the table was read, so that a newer read is never replaced by an older one;
 * `readAt` is when it was read (monotonic nanoseconds). A session's `seen` may be later here than in the file,
 * which records a use at most once a minute. Immutable.
 */
final case class SecretTable(
    version: Long,
    tokens: Map[String, SecretTable.Token],
    sessions: Map[String, SecretTable.Session],
    readAt: Long
) {

  /** The user `secret` belongs to, if it is one of these tokens and its key matches. */
  def user(secret: Secret): Option[User] =
    tokens.get(secret.id) match {
      case Some(t) if t.hash.matches(secret.key) => Some(t.user)
      case _ => None
    }

  /** The session `secret` names, if it is one of these and its key matches. */
  def session(secret: Secret): Option[SessionRow] =
    sessions.get(secret.id) match {
      case Some(s) if s.hash.matches(secret.key) => Some(s.row)
      case _ => None
    }

  /** This table with the session `id` seen at `at` (no earlier than it was). */
  def seen(id: String, at: Long): SecretTable =
    sessions.get(id) match {
      case Some(s) if s.row.seen < at =>
        copy(sessions = sessions.updated(id, s.copy(row = s.row.copy(seen = at))))
      case _ => this
    }

  /** This table without the session `id`. */
  def without(id: String): SecretTable = if (sessions.contains(id)) copy(sessions = sessions - id) else this

  /**
   * `read`, a table read from the file, in place of this one, unless this one is newer; the uses of a session this
   * table saw later than the file records are kept.
   */
  def replacedBy(read: SecretTable): SecretTable =
    if (read.version < version) this
    else
      read.copy(sessions = read.sessions.map { (id, s) =>
        sessions.get(id) match {
          case Some(mine) if mine.row.seen > s.row.seen =>
            id -> s.copy(row = s.row.copy(seen = mine.row.seen))
          case _ => id -> s
        }
      })
}

object SecretTable {

  /** One token as stored (its ID, salt and hash) and whose it is. */
  final case class Token(hash: SecretHash, user: User)

  /** One session as stored (its ID, salt and hash), whose it is and its times. */
  final case class Session(hash: SecretHash, row: SessionRow)

  /** No token and no session: what a store answers from before its first read. */
  val Empty: SecretTable = SecretTable(-1L, Map.empty, Map.empty, Long.MinValue)
}
