package mvt.portal

import mvt.reporting.auth.User

/** Who made a request: the user, and the secret that proved it (a session cookie's or an API token's text). */
final case class Caller(user: User, proof: Caller.Proof)

object Caller {

  /** How a caller proved who they are; held so that a long stream can check it still holds. */
  enum Proof {
    case Session(cookie: String)
    case Token(text: String)
  }
}
