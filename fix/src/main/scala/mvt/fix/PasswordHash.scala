package mvt.fix

import java.security.{MessageDigest, SecureRandom}
import java.util.Base64
import javax.crypto.SecretKeyFactory
import javax.crypto.spec.PBEKeySpec

/**
 * A password as the clients file keeps it: PBKDF2 with HMAC-SHA256 from the JDK, the iteration count, a random
 * per-client salt and the derived hash; never the password. Immutable.
 */
final case class PasswordHash(algorithm: String, iterations: Int, salt: Array[Byte], hash: Array[Byte]) {

  /** True when `password` derives the same hash; compares in constant time. */
  def matches(password: Array[Char]): Boolean =
    algorithm == PasswordHash.Algorithm &&
      MessageDigest.isEqual(PasswordHash.derive(password, salt, iterations, hash.length * 8), hash)

  /** The four fields of the clients file, comma-separated. */
  def render: String = {
    val b64 = Base64.getEncoder
    s"$algorithm,$iterations,${b64.encodeToString(salt)},${b64.encodeToString(hash)}"
  }
}

object PasswordHash {
  val Algorithm = "PBKDF2WithHmacSHA256"

  /** OWASP's 2023 figure for PBKDF2-HMAC-SHA256: a logon costs a few tens of milliseconds, a guess as much. */
  val DefaultIterations = 600000

  private val random = new SecureRandom()

  /** Hashes `password` with a fresh 16-byte salt. */
  def create(password: Array[Char], iterations: Int = DefaultIterations): PasswordHash = {
    val salt = new Array[Byte](16)
    random.nextBytes(salt)
    PasswordHash(Algorithm, iterations, salt, derive(password, salt, iterations, 256))
  }

  private[fix] def derive(
      password: Array[Char],
      salt: Array[Byte],
      iterations: Int,
      bits: Int
  ): Array[Byte] = {
    val spec = new PBEKeySpec(password, salt, iterations, bits)
    try SecretKeyFactory.getInstance(Algorithm).generateSecret(spec).getEncoded
    finally spec.clearPassword()
  }
}
