package mvt.cluster

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/**
 * What a node needs to speak Artery over mutually authenticated TLS: a PKCS#12 key store holding its own key and
 * certificate, a trust store holding the certificates of the nodes it lets in (the cluster's own, usually the
 * same file as every node's key store when they share one key), and the stores' password. A node that cannot
 * show a certificate the others trust cannot connect, so it can neither join nor send. The password never
 * appears in an argument, a log or a printed file: it is read from a file. Immutable.
 */
final case class ArteryTls(keyStore: Path, trustStore: Path, password: String) {
  override def toString: String = s"ArteryTls($keyStore, $trustStore, <password>)"
}

object ArteryTls {

  /**
   * The settings from a key store, a trust store (the key store when not given) and a file whose first line is
   * the password; or what is wrong, naming the file.
   */
  def load(keyStore: Path, trustStore: Option[Path], passwordFile: Path): Either[String, ArteryTls] = {
    def readable(p: Path, what: String): Either[String, Path] =
      if (Files.isRegularFile(p) && Files.isReadable(p)) Right(p)
      else Left(s"$p: the $what does not exist or cannot be read")
    for {
      ks <- readable(keyStore, "TLS key store")
      ts <- readable(trustStore.getOrElse(keyStore), "TLS trust store")
      pf <- readable(passwordFile, "TLS password file")
      pw <- {
        val first =
          new String(Files.readAllBytes(pf), StandardCharsets.UTF_8).linesIterator.nextOption().getOrElse("")
        if (first.isEmpty) Left(s"$pf: the TLS password file's first line is empty") else Right(first)
      }
    } yield ArteryTls(ks.toAbsolutePath, ts.toAbsolutePath, pw)
  }

  private def quoted(s: String): String = io.circe.Json.fromString(s).noSpaces

  /** The Artery settings that put a node on TLS over TCP with mutual authentication. */
  def config(tls: ArteryTls): String =
    s"""pekko.remote.artery.transport = tls-tcp
       |pekko.remote.artery.ssl.config-ssl-engine {
       |  key-store = ${quoted(tls.keyStore.toString)}
       |  trust-store = ${quoted(tls.trustStore.toString)}
       |  key-store-password = ${quoted(tls.password)}
       |  key-password = ${quoted(tls.password)}
       |  trust-store-password = ${quoted(tls.password)}
       |  protocol = "TLSv1.3"
       |  enabled-algorithms = ["TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"]
       |  require-mutual-authentication = on
       |  hostname-verification = off
       |}
       |""".stripMargin
}
