package mvt.core

import java.security.{MessageDigest, SecureRandom}
import javax.crypto.SecretKeyFactory
import javax.crypto.spec.PBEKeySpec

/**
 * A stored password: PBKDF2 with HMAC-SHA256 (the JDK's), a random salt and the iteration count it was made with,
 * so that a later count can be raised without breaking the hashes already stored; never the password. Immutable.
 */
final case class PasswordHash(algorithm: String, iterations: Int, salt: Array[Byte], hash: Array[Byte]) {

  /** Whether `password` is the one hashed here; costs one full derivation, and compares in constant time. */
  def matches(password: Array[Char]): Boolean =
    algorithm == PasswordHash.Algorithm &&
      MessageDigest.isEqual(PasswordHash.derive(password, salt, iterations, hash.length), hash)
}

object PasswordHash {

  val Algorithm = "PBKDF2WithHmacSHA256"

  val SaltBytes = 16
  val HashBytes = 32

  private val random = new SecureRandom

  /** The `bytes`-long PBKDF2 derivation of `password`; the password's copy in the key spec is cleared after. */
  def derive(password: Array[Char], salt: Array[Byte], iterations: Int, bytes: Int): Array[Byte] = {
    val spec = new PBEKeySpec(password, salt, iterations, bytes * 8)
    try SecretKeyFactory.getInstance(Algorithm).generateSecret(spec).getEncoded
    finally spec.clearPassword()
  }

  /** A new hash of `password` under a fresh random salt. */
  def create(password: Array[Char], iterations: Int): PasswordHash = {
    val salt = new Array[Byte](SaltBytes)
    random.nextBytes(salt)
    PasswordHash(Algorithm, iterations, salt, derive(password, salt, iterations, HashBytes))
  }
}
