package mvt.reporting.auth

/**
 * Every live API token in memory, by its ID, with its salted hash and its user: checking a token is one map probe
 * and one SHA-256, no store read. `version` is the store's count of changes to users and tokens when the table
 * was read, so that a newer read is never replaced by an older one; `readAt` is when it was read (monotonic
 * nanoseconds). Immutable.
 */
final case class TokenTable(version: Long, byId: Map[String, TokenTable.Entry], readAt: Long) {

  /** The user `secret` belongs to, if it is one of these tokens and its key matches. */
  def user(secret: Secret): Option[User] =
    byId.get(secret.id) match {
      case Some(e) if e.hash.matches(secret.key) => Some(e.user)
      case _ => None
    }
}

object TokenTable {

  /** One token as stored (its ID, salt and hash) and whose it is. */
  final case class Entry(hash: SecretHash, user: User)

  /** No token at all: what a store answers from before its first read. */
  val Empty: TokenTable = TokenTable(-1L, Map.empty, Long.MinValue)
}
