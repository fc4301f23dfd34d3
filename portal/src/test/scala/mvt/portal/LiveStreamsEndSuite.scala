package mvt.portal

import cats.effect.{Deferred, IO}
import cats.effect.unsafe.implicits.global
import cats.syntax.all.*
import org.http4s.*
import org.http4s.client.Client
import org.http4s.headers.Cookie
import org.typelevel.ci.*

import scala.concurrent.duration.*

/**
 * Many live streams under the one shared check of their proofs, through the routes in-process over a real store:
 * the streams that share a proof all end when it stops holding, and a stream whose proof ends leaves the others
 * open. Revocations and sign-outs are written to the store directly, as another process would.
 */
class LiveStreamsEndSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private var releases: List[IO[Unit]] = Nil

  // the fixture's users and the routes, over a store of their own
  private val fixture = FunFixture[(AuthFixture, PortalRoutes)](
    setup = _ => {
      val (got, release) = JournalFixture.storeIn()
        .flatMap((store, _, db) => AuthFixture(db).map(u => (u, u.routes(store))))
        .allocated.unsafeRunSync()
      releases = release :: releases
      got
    },
    teardown = _ => { releases.foreach(_.unsafeRunSync()); releases = Nil }
  )

  // an open stream: completes when its body ends; cancel to close it
  private final case class Open(name: String, ended: Deferred[IO, Unit], close: IO[Unit])

  private def open(app: HttpApp[IO], name: String, account: Int, proof: Header.ToRaw): IO[Open] =
    for {
      ended <- Deferred[IO, Unit]
      opened <- Deferred[IO, Status]
      req = Request[IO](Method.GET, Uri.unsafeFromString(s"/api/accounts/$account/live")).putHeaders(proof)
      fiber <- Client.fromHttpApp(app).run(req).use { r =>
        opened.complete(r.status) >> r.body.compile.drain
      }.guarantee(ended.complete(()).void).start
      status <- opened.get.timeout(60.seconds)
      _ <- IO(assertEquals(status, Status.Ok, s"$name's stream"))
    } yield Open(name, ended, fiber.cancel)

  private def bearer(users: AuthFixture, name: String): Header.ToRaw =
    Header.Raw(ci"Authorization", s"Bearer ${users.tokens(name)}")

  private def awaitEnded(streams: Vector[Open]): IO[Unit] =
    streams.traverse_(s =>
      s.ended.get.timeoutTo(60.seconds, IO(fail(s"${s.name}'s stream went on after its proof ended")))
    )

  private def stillOpen(streams: Vector[Open]): IO[Unit] =
    streams.traverse_(s =>
      s.ended.tryGet.map(e => assert(e.isEmpty, s"${s.name}'s stream ended though its proof holds"))
    )

  fixture.test("streams sharing one token all end once it is revoked by another writer of the store") { f =>
    val (users, routes) = f
    val app = routes.app
    (for {
      shared <- Vector(1, 2, 5, 1).traverse(a => open(app, s"sam on $a", a, bearer(users, "sam")))
      // a few sweeps pass with the token live: nothing ends
      _ <- IO.sleep(700.millis)
      _ <- stillOpen(shared)
      _ <- users.users.revokeTokens("sam")
      _ <- awaitEnded(shared)
    } yield ()).unsafeRunSync()
  }

  fixture.test("a session signed out ends its streams only; other sessions and tokens stay open") { f =>
    val (users, routes) = f
    val app = routes.app
    val cookieName = routes.CookieName
    def session(name: String, address: String): IO[String] =
      users.auth.signIn(name, AuthFixture.password(name), address).map(
        _.getOrElse(fail(s"$name cannot sign in")).text
      )
    def withCookie(c: String): Header.ToRaw = Cookie(RequestCookie(cookieName, c))
    (for {
      first <- session("alice", "10.1.0.1")
      second <- session("alice", "10.1.0.2")
      ending <- Vector(1, 2).traverse(a => open(app, s"alice's first session on $a", a, withCookie(first)))
      staying <- (
        Vector(1, 2).traverse(a => open(app, s"alice's second session on $a", a, withCookie(second))),
        open(app, "bob's token", 5, bearer(users, "bob"))
      ).mapN(_ :+ _)
      // the session ended in the store itself, as sign-out from another portal process ends it
      row <- users.users.session(mvt.reporting.auth.Secret.parse(first).get)
      _ <- users.users.endSession(row.getOrElse(fail("no session")).id)
      _ <- awaitEnded(ending)
      // the sweeps after the one that ended them leave the others alone
      _ <- IO.sleep(700.millis)
      _ <- stillOpen(staying)
      // closed without waiting: the store is released after the test anyway
      _ <- staying.traverse_(_.close.start)
    } yield ()).unsafeRunSync()
  }
}
