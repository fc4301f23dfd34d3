package mvt.reporting.auth

/** A user's stored password: the one [[mvt.core.PasswordHash]], made under the sign-in rules of [[PasswordHash$]]. */
type PasswordHash = mvt.core.PasswordHash

/** The portal's password rules: the iteration count of a new hash, the dummy checked for unknown names, lengths. */
object PasswordHash {

  val Algorithm: String = mvt.core.PasswordHash.Algorithm
  val SaltBytes: Int = mvt.core.PasswordHash.SaltBytes
  val HashBytes: Int = mvt.core.PasswordHash.HashBytes

  /**
   * Iterations of a new hash: `mvt bench report --service` measured 150,000 at 36.5 ms an attempt on the busy
   * 2-core build machine, so this is some 75 ms an attempt there (the aim: 50 to 100 ms); the bench prints the
   * cost where it runs.
   */
  val Iterations: Int = 310_000

  /** A hash as the store holds it. */
  def apply(algorithm: String, iterations: Int, salt: Array[Byte], hash: Array[Byte]): PasswordHash =
    mvt.core.PasswordHash(algorithm, iterations, salt, hash)

  /** A new hash of `password` under a fresh random salt. */
  def create(password: Array[Char], iterations: Int = Iterations): PasswordHash =
    mvt.core.PasswordHash.create(password, iterations)

  /**
   * A hash no password matches, checked for a user that does not exist, so that a failed sign-in costs the
   * same whether the name is known or not.
   */
  lazy val Dummy: PasswordHash = create(java.util.UUID.randomUUID.toString.toCharArray)

  /** The shortest and longest passwords accepted, in characters. */
  val MinLength = 8
  val MaxLength = 1024

  /** Why `password` may not be set, if it may not. */
  def weakness(password: String): Option[String] =
    if (password.length < MinLength)
      Some(s"password: expected at least $MinLength characters, found ${password.length}")
    else if (password.length > MaxLength) Some(s"password: expected at most $MaxLength characters")
    else None
}
