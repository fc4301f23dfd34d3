package mvt.reporting.auth

/** What a user may see: a `client` their own accounts only, `staff` every account and the day's ranking. */
enum Role(val word: String) {
  case Client extends Role("client")
  case Staff extends Role("staff")
}

object Role {

  /** The role named `word`, or why not. */
  def parse(word: String): Either[String, Role] =
    values.find(_.word == word).toRight(s"role: expected client or staff, found \"$word\"")
}
