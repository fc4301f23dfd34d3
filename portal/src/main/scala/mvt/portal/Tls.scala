package mvt.portal

import cats.effect.IO
import fs2.io.net.Network
import fs2.io.net.tls.TLSContext

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}

/** HTTPS for the portal: a PKCS#12 keystore, its password read from a file (never an argument). */
object Tls {

  /** Why the keystore could not be used. */
  final case class Refused(detail: String) extends Exception(detail)

  /**
   * The TLS context of `keystore`, whose password (also the key's) is the first line of `passwordFile`; refused
   * with the file and the reason when either cannot be read or the password does not open the keystore.
   */
  def context(keystore: Path, passwordFile: Path): IO[TLSContext[IO]] =
    IO.blocking {
      if (!Files.isRegularFile(keystore)) throw Refused(s"$keystore: no such keystore file")
      if (!Files.isRegularFile(passwordFile)) throw Refused(s"$passwordFile: no such password file")
      val text = new String(Files.readAllBytes(passwordFile), UTF_8)
      text.linesIterator.nextOption().getOrElse("").toCharArray
    }.flatMap { password =>
      // loaded here, not by the fs2 helper, so that a wrong password or a broken file gets a clear message
      IO.blocking {
        val ks = java.security.KeyStore.getInstance("PKCS12")
        val in = Files.newInputStream(keystore)
        try ks.load(in, password)
        catch {
          case e: java.io.IOException =>
            throw Refused(
              s"$keystore: cannot open it as a PKCS#12 keystore with that password (${e.getMessage})"
            )
        } finally in.close()
        ks
      }.flatMap(ks => Network[IO].tlsContext.fromKeyStore(ks, password))
    }
}
