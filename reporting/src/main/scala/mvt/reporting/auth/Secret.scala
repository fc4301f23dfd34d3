package mvt.reporting.auth

import java.nio.charset.StandardCharsets.US_ASCII
import java.security.{MessageDigest, SecureRandom}
import java.util.Base64

/**
 * A bearer secret (a session cookie or an API token) as it is handed out: `ID.KEY`, both random from
 * `SecureRandom` (ID 96 bits, the lookup key; KEY 256 bits). Only the ID and a salted SHA-256 of the KEY are
 * stored: the store's contents alone sign nobody in. Immutable.
 */
final case class Secret(id: String, key: String) {
  def text: String = s"$id.$key"
}

/** What is stored of a secret: its ID, a random salt and SHA-256(salt, key). */
final case class SecretHash(id: String, salt: Array[Byte], hash: Array[Byte]) {

  /** Whether `key` is this secret's, compared in constant time. */
  def matches(key: String): Boolean = MessageDigest.isEqual(Secret.digest(salt, key), hash)
}

object Secret {

  private val random = new SecureRandom
  private val encoder = Base64.getUrlEncoder.withoutPadding
  private val IdBytes = 12
  private val KeyBytes = 32
  private val SaltBytes = 16

  private def randomText(bytes: Int): String = {
    val b = new Array[Byte](bytes)
    random.nextBytes(b)
    encoder.encodeToString(b)
  }

  private[auth] def digest(salt: Array[Byte], key: String): Array[Byte] = {
    val d = MessageDigest.getInstance("SHA-256")
    d.update(salt)
    d.digest(key.getBytes(US_ASCII))
  }

  /** A new secret and what to store of it. */
  def create(): (Secret, SecretHash) = {
    val s = Secret(randomText(IdBytes), randomText(KeyBytes))
    val salt = new Array[Byte](SaltBytes)
    random.nextBytes(salt)
    (s, SecretHash(s.id, salt, digest(salt, s.key)))
  }

  private val IdLength = encoder.encodeToString(new Array[Byte](IdBytes)).length
  private val KeyLength = encoder.encodeToString(new Array[Byte](KeyBytes)).length

  private def urlSafe(s: String): Boolean =
    s.forall(c =>
      (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
    )

  /** `text` read back as a secret if it has the shape of one (anything else is refused before any lookup). */
  def parse(text: String): Option[Secret] =
    text.indexOf('.') match {
      case IdLength if text.length == IdLength + 1 + KeyLength =>
        val id = text.substring(0, IdLength)
        val key = text.substring(IdLength + 1)
        if (urlSafe(id) && urlSafe(key)) Some(Secret(id, key)) else None
      case _ => None
    }
}
