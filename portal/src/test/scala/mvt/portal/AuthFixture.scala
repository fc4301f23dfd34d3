package mvt.portal

import cats.effect.{IO, Ref, Resource}
import cats.syntax.all.*
import mvt.reporting.auth.*
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportReads
import io.circe.Json
import org.http4s.client.Client
import org.http4s.{Header, Headers, HttpApp, Request}
import org.typelevel.ci.*

import java.nio.file.Path
import scala.concurrent.duration.*

/**
 * Users and tokens for the portal's tests in a real store's sign-in tables, and a clock the tests move: staff
 * `sam`, client `alice` of accounts 1 and 2, client `bob` of account 5, client `carol` of account 99 (which has
 * no fill). Their hashes use few iterations, so that signing in is quick in tests; the production count is
 * measured by the benchmark.
 */
final class AuthFixture(
    val users: AuthStore,
    val auth: Authenticator,
    val clock: Ref[IO, Long],
    val tokens: Map[String, String]
) {

  /** Moves the clock on. */
  def advance(d: FiniteDuration): IO[Unit] = clock.update(_ + d.toMillis)

  /** The portal's routes over `store` with these users. */
  def routes(
      store: ReportReads,
      status: IO[Json] = IO.pure(Json.obj()),
      tls: Boolean = false,
      live: LiveFigures = new LiveFigures
  ): PortalRoutes =
    new PortalRoutes(store, status, auth, new LiveEvents(live, auth, recheck = 200.millis), tls)

  /** An in-process client of `app` that sends `name`'s token with every request. */
  def clientAs(name: String, app: HttpApp[IO]): Client[IO] = {
    val inner = Client.fromHttpApp(app)
    val h = Headers(Header.Raw(ci"Authorization", s"Bearer ${tokens(name)}"))
    Client[IO](req => inner.run(req.putHeaders(h)))
  }

  /** `req` with `name`'s token. */
  def as(name: String, req: Request[IO]): Request[IO] =
    req.putHeaders(Header.Raw(ci"Authorization", s"Bearer ${tokens(name)}"))
}

object AuthFixture {

  /** Few iterations: a test's sign-in should not cost what a real one does. */
  val TestIterations = 1000

  val Policy: AuthPolicy =
    AuthPolicy(
      idle = 30.minutes,
      absolute = 12.hours,
      maxFailures = 3,
      window = 15.minutes,
      lockFor = 15.minutes,
      failureDelay = 0.millis
    )

  val People: Vector[(String, Role, Set[Int])] = Vector(
    ("sam", Role.Staff, Set.empty),
    ("alice", Role.Client, Set(1, 2)),
    ("bob", Role.Client, Set(5)),
    ("carol", Role.Client, Set(99))
  )

  def password(name: String): String = s"$name-secret-pass"

  /** The sign-in tables of the store in `db`, the four users, a token each. */
  def apply(db: Path, policy: AuthPolicy = Policy): Resource[IO, AuthFixture] =
    for {
      users <- AuthStore.open(db)
      clock <- Resource.eval(IO.realTime.flatMap(t => Ref.of[IO, Long](t.toMillis)))
      auth <- Resource.eval(Authenticator(users, policy, _ => IO.unit, clock.get))
      tokens <- Resource.eval(People.traverse { (n, r, as) =>
        val h = PasswordHash.create(password(n).toCharArray, TestIterations)
        clock.get.flatMap(now => users.addUser(User(n, r, as), h, now) >> users.createToken(n, now)).map(t =>
          n -> t.get.text
        )
      })
    } yield new AuthFixture(users, auth, clock, tokens.toMap)
}
