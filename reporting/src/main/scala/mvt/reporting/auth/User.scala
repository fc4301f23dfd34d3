package mvt.reporting.auth

/** A signed-in person or program: their name, role and the accounts a client may read. Immutable. */
final case class User(name: String, role: Role, accounts: Set[Int]) {

  /** Whether this user may read `account`'s figures. */
  def mayRead(account: Int): Boolean = role == Role.Staff || accounts.contains(account)

  def isStaff: Boolean = role == Role.Staff
}

object User {

  /** The longest user name accepted. */
  val MaxName: Int = 64

  /** A user name is 1 to 64 of ASCII letters, digits, `.`, `_`, `-` and `@`: printable in any log as it is. */
  def checkName(name: String): Either[String, String] =
    if (name.isEmpty || name.length > MaxName)
      Left(s"user name: expected 1 to $MaxName characters, found ${name.length}")
    else if (!name.forall(c => c < 128 && (c.isLetterOrDigit || ".-_@".indexOf(c) >= 0)))
      Left(
        s"user name: expected ASCII letters, digits, '.', '-', '_' or '@', found \"${name.filter(c => c >= 32 && c < 127)}\""
      )
    else Right(name)
}
