package mvt.portal

import cats.effect.{IO, Resource}
import cats.effect.unsafe.implicits.global
import fs2.io.net.Network
import org.http4s.ember.client.EmberClientBuilder
import org.http4s.{Header, Method, Request, Status, Uri}
import org.typelevel.ci.*

import java.nio.file.{Files, Path, Paths}

/**
 * HTTPS with Ember's TLS: a PKCS#12 keystore made in the test by the JDK's keytool, the portal serving with it,
 * and a client that trusts that keystore (and nothing else) getting the pages and the API.
 */
class PortalTlsSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private val Password = "test-keystore-pass"

  // a self-signed key for 127.0.0.1 and localhost
  private def keystore(dir: Path): (Path, Path) = {
    val ks = dir.resolve("portal.p12")
    val pw = Files.writeString(dir.resolve("pass.txt"), Password + "\n")
    val keytool = Paths.get(System.getProperty("java.home"), "bin", "keytool").toString
    val p = new ProcessBuilder(
      keytool,
      "-genkeypair",
      "-keystore",
      ks.toString,
      "-storetype",
      "PKCS12",
      "-alias",
      "portal",
      "-keyalg",
      "EC",
      "-groupname",
      "secp256r1",
      "-dname",
      "CN=localhost",
      "-ext",
      "SAN=dns:localhost,ip:127.0.0.1",
      "-validity",
      "2",
      "-storepass",
      Password,
      "-keypass",
      Password
    ).redirectErrorStream(true).start()
    val out = new String(p.getInputStream.readAllBytes())
    assertEquals(p.waitFor(), 0, out)
    (ks, pw)
  }

  test("a client that trusts the test keystore gets the sign-in page and the API over HTTPS") {
    val setup = for {
      fixture <- JournalFixture.storeIn()
      (store, _, db) = fixture
      users <- AuthFixture(db)
      dir <- JournalFixture.tempDir("mvt-tls")
      files <- Resource.eval(IO.blocking(keystore(dir)))
      ctx <- Resource.eval(Tls.context(files._1, files._2))
      server <- PortalServer.listen(users.routes(store, tls = true), "127.0.0.1", 0, tls = Some(ctx))
      trust <- Resource.eval(Network[IO].tlsContext.fromKeyStoreFile(
        files._1,
        Password.toCharArray,
        Password.toCharArray
      ))
      client <- EmberClientBuilder.default[IO].withTLSContext(trust).build
    } yield (server.address.getPort, users, client, files)

    setup.use { (port, users, client, files) =>
      val base = s"https://127.0.0.1:$port"
      for {
        page <- client.run(Request[IO](Method.GET, Uri.unsafeFromString(s"$base/signin"))).use(r =>
          r.bodyText.compile.string.map(b => (r.status, r.headers, b))
        )
        _ = assertEquals(page._1, Status.Ok)
        _ = assert(page._3.contains("<h1>Sign in</h1>"), page._3)
        _ = assert(page._2.get(ci"Strict-Transport-Security").isDefined)
        api <- client.run(
          Request[IO](Method.GET, Uri.unsafeFromString(s"$base/api/accounts/1/performance"))
            .putHeaders(Header.Raw(ci"Authorization", s"Bearer ${users.tokens("alice")}"))
        ).use(r => IO.pure(r.status))
        _ = assertEquals(api, Status.Ok)
        // the keystore's password is checked: a wrong one is a clear refusal, not a stack trace
        wrong <- IO.blocking(Files.writeString(files._2.resolveSibling("wrong.txt"), "nope\n"))
        refused <- Tls.context(files._1, wrong).attempt
        _ = refused match {
          case Left(Tls.Refused(m)) => assert(m.contains("cannot open it as a PKCS#12 keystore"), m)
          case other => fail(s"expected a refusal, got $other")
        }
      } yield ()
    }.unsafeRunSync()
  }
}
