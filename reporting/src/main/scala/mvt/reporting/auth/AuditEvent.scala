package mvt.reporting.auth

/** What the audit log records: sign-ins, their failures, lock-outs, sign-outs, and changes to users and tokens. */
enum AuditEvent(val word: String) {
  case SignedIn extends AuditEvent("sign-in")
  case Failed extends AuditEvent("sign-in-failed")
  case LockedOut extends AuditEvent("locked-out")
  case SignedOut extends AuditEvent("sign-out")
  case UserAdded extends AuditEvent("user-added")
  case UserRemoved extends AuditEvent("user-removed")
  case PasswordChanged extends AuditEvent("password-changed")
  case TokenCreated extends AuditEvent("token-created")
  case TokensRevoked extends AuditEvent("tokens-revoked")
}

/** One line of the audit log. */
final case class AuditEntry(
    at: Long,
    event: String,
    user: Option[String],
    address: Option[String],
    detail: String
)
