package mvt.cli

import cats.syntax.all.*
import com.monovore.decline.Opts

/**
 * The TLS files of a node as given on the command line: its key store, the trust store (the key store when not
 * given) and the file whose first line is the stores' password (never the password itself).
 */
final case class TlsFiles(keyStore: String, trustStore: Option[String], passwordFile: String) {

  /** The same options, for a forked node. */
  def args: Vector[String] =
    Vector("--tls-keystore", keyStore) ++ trustStore.toVector.flatMap(t => Vector("--tls-truststore", t)) ++
      Vector("--tls-password-file", passwordFile)

  /** The settings, or what is wrong with which file. */
  def load: Either[String, mvt.cluster.ArteryTls] =
    mvt.cluster.ArteryTls.load(
      java.nio.file.Path.of(keyStore),
      trustStore.map(java.nio.file.Path.of(_)),
      java.nio.file.Path.of(passwordFile)
    )
}

object TlsFiles {

  /** `--tls-keystore`, `--tls-truststore` and `--tls-password-file`: none, or the key store and password file. */
  val opts: Opts[Option[TlsFiles]] = (
    Opts.option[String](
      "tls-keystore",
      "Run Artery over mutual TLS with this PKCS#12 key store (the node's key and certificate); only nodes whose " +
        "certificate the trust store holds can join or send. Without it a node listens on loopback only.",
      metavar = "FILE"
    ).orNone,
    Opts.option[String](
      "tls-truststore",
      "The PKCS#12 store of the certificates let in (default: the key store).",
      metavar = "FILE"
    ).orNone,
    Opts.option[String](
      "tls-password-file",
      "A file whose first line is the stores' password (never give it as an argument).",
      metavar = "FILE"
    ).orNone
  ).tupled.mapValidated {
    case (None, None, None) => None.validNel
    case (Some(ks), ts, Some(pf)) => Some(TlsFiles(ks, ts, pf)).validNel
    case (None, _, _) => "--tls-truststore and --tls-password-file need --tls-keystore".invalidNel
    case (Some(_), _, None) => "--tls-keystore needs --tls-password-file".invalidNel
  }
}
