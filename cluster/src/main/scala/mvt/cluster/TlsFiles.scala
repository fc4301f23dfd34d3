package mvt.cluster

import java.nio.file.Path

/**
 * The TLS files of a node as a command names them: its key store, the trust store (the key store when not given)
 * and the file whose first line is the stores' password (never the password itself).
 */
final case class TlsFiles(keyStore: String, trustStore: Option[String], passwordFile: String) {

  /** The same options, for a forked node. */
  def args: Vector[String] =
    Vector("--tls-keystore", keyStore) ++ trustStore.toVector.flatMap(t => Vector("--tls-truststore", t)) ++
      Vector("--tls-password-file", passwordFile)

  /** The settings, or what is wrong with which file. */
  def load: Either[String, ArteryTls] =
    ArteryTls.load(Path.of(keyStore), trustStore.map(Path.of(_)), Path.of(passwordFile))
}

object TlsFiles {

  /**
   * The files from the three options as given (each may be absent): none at all, or the key store and password
   * file with the trust store optional; or which option is missing.
   */
  def of(
      keyStore: Option[String],
      trustStore: Option[String],
      passwordFile: Option[String]
  ): Either[String, Option[TlsFiles]] =
    (keyStore, trustStore, passwordFile) match {
      case (None, None, None) => Right(None)
      case (Some(ks), ts, Some(pf)) => Right(Some(TlsFiles(ks, ts, pf)))
      case (None, _, _) => Left("--tls-truststore and --tls-password-file need --tls-keystore")
      case (Some(_), _, None) => Left("--tls-keystore needs --tls-password-file")
    }
}
