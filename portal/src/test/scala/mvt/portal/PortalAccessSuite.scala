package mvt.portal

import cats.effect.{IO, Ref}
import cats.effect.unsafe.implicits.global
import com.comcast.ip4s.*
import mvt.reporting.Money
import mvt.reporting.store.ReportStore
import org.http4s.*
import org.http4s.client.Client
import org.http4s.headers.{Cookie, Location}
import org.typelevel.ci.*

import scala.concurrent.duration.*

/**
 * Who may see what, through the routes in-process over a real store: every route as nobody, as a client of
 * another account, as the right client and as staff; sessions and tokens forged, expired, revoked and reused
 * after sign-out; sign-in failures, lock-out and the audit log.
 */
class PortalAccessSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private var store: ReportStore = null
  private var expected: ExpectedFigures = null
  private var users: AuthFixture = null
  private var routes: PortalRoutes = null
  private var release: IO[Unit] = IO.unit
  private var app: HttpApp[IO] = null

  override def beforeAll(): Unit = {
    val ((s, e, u), r) =
      JournalFixture.storeIn().flatMap((s, e, db) => AuthFixture(db).map((s, e, _))).allocated.unsafeRunSync()
    store = s; expected = e; users = u; release = r
    routes = users.routes(store)
    app = routes.app
  }

  override def afterAll(): Unit = release.unsafeRunSync()

  private final case class Got(status: Status, headers: Headers, body: String) {
    def header(n: String): Option[String] = headers.get(CIString(n)).map(_.head.value)
  }

  private def send(req: Request[IO]): Got =
    Client.fromHttpApp(app).run(req).use(r => r.bodyText.compile.string.map(Got(r.status, r.headers, _)))
      .unsafeRunSync()

  private def at(path: String, method: Method = Method.GET): Request[IO] =
    Request[IO](method, Uri.unsafeFromString(path))

  // each test signs in from an address of its own, so that one test's failures lock no other test out
  private val addresses = new java.util.concurrent.atomic.AtomicInteger(1)
  private def from(req: Request[IO], n: Int): Request[IO] =
    req.withAttribute(
      Request.Keys.ConnectionInfo,
      Request.Connection(
        SocketAddress(ip"127.0.0.1", port"8080"),
        SocketAddress(IpAddress.fromString(s"10.0.${n / 250}.${n % 250 + 1}").get, port"40000"),
        false
      )
    )

  private def signIn(name: String, password: String, address: Int): Got =
    send(from(
      at("/signin", Method.POST).withEntity(UrlForm("name" -> name, "password" -> password)),
      address
    ))

  private def cookieOf(g: Got): String = {
    val set = g.headers.get(CIString("Set-Cookie")).map(_.head.value).getOrElse(fail(s"no cookie: $g"))
    set.takeWhile(_ != ';').stripPrefix(routes.CookieName + "=")
  }

  private def withCookie(req: Request[IO], c: String): Request[IO] =
    req.putHeaders(Cookie(RequestCookie(routes.CookieName, c)))

  private def pages(a: Int) = Vector(s"/accounts/$a", s"/accounts/$a/report")
  private def apis(a: Int) = Vector(s"/api/accounts/$a/performance", s"/api/accounts/$a/pnl")

  test(
    "nobody gets anything but sign-in and the assets: 401 with a JSON error for the API, sign-in for pages"
  ) {
    for (
      path <- apis(1) ++ Vector("/api/accounts/1/live", "/api/accounts/best", "/api/status", "/api/nope")
    ) {
      val g = send(at(path))
      assertEquals(g.status, Status.Unauthorized, path)
      assert(g.header("WWW-Authenticate").exists(_.startsWith("Bearer")), path)
      assert(g.body.contains("\"status\":401"), g.body)
    }
    for (path <- pages(1) ++ Vector("/", "/go?account=1", "/nope")) {
      val g = send(at(path))
      assertEquals(g.status, Status.SeeOther, path)
      assertEquals(g.header("Location"), Some("/signin"), path)
      assert(!g.body.contains("Account 1"), path)
    }
    assertEquals(send(at("/signin")).status, Status.Ok)
    assertEquals(send(at("/assets/portal.js")).status, Status.Ok)
  }

  test("forged, tampered and malformed tokens and cookies are refused") {
    val real = users.tokens("alice")
    val (id, key) = real.splitAt(real.indexOf('.'))
    val forged = mvt.reporting.auth.Secret.create()._1.text
    val tampered = id + "." + key.drop(1).reverse
    for (t <- Vector(forged, tampered, "", "x", real + "x", real.toUpperCase, id, s"$id.", "Basic " + real)) {
      val g = send(at("/api/accounts/1/performance").putHeaders(Header.Raw(ci"Authorization", s"Bearer $t")))
      assertEquals(g.status, Status.Unauthorized, t)
      val p = send(withCookie(at("/accounts/1"), t))
      assertEquals(p.status, Status.SeeOther, t)
    }
    // a token is not a session, nor a session a token
    assertEquals(send(withCookie(at("/accounts/1"), real)).status, Status.SeeOther)
  }

  test("a client sees their own accounts, and another's is a 404 exactly as one that does not exist") {
    for (path <- pages(1) ++ apis(1) ++ pages(2) ++ apis(2)) {
      val g = send(users.as("alice", at(path)))
      assertEquals(g.status, Status.Ok, s"alice $path: ${g.body.take(200)}")
    }
    for (a <- Vector(1, 2, 3, 6); path <- pages(a) ++ apis(a) ++ Vector(s"/api/accounts/$a/live")) {
      val g = send(users.as("bob", at(path)))
      assertEquals(g.status, Status.NotFound, s"bob $path")
      // the same answer as staff gets for an account with no fill, but for the number
      val missing = send(users.as("sam", at(path.replace(s"/$a", "/98"))))
      assertEquals(missing.status, Status.NotFound)
      assertEquals(
        g.body.replace(s"Account $a", "").replace(s"account $a", "account 98").replace(s"/$a\"", "/98\""),
        missing.body.replace("Account 98", ""),
        path
      )
    }
    // a client's own account with no fill yet is as missing as anyone's
    assertEquals(send(users.as("carol", at("/api/accounts/99/performance"))).status, Status.NotFound)
    for (path <- Vector("/api/accounts/best", "/api/status")) {
      val g = send(users.as("alice", at(path)))
      assertEquals(g.status, Status.Forbidden, path)
      assert(g.body.contains("\"status\":403"), g.body)
    }
  }

  test("no figure of another client appears in anything a client is shown") {
    val last = expected.lastHour
    val mine = Set(1, 2)
    val bodies = (pages(1) ++ apis(1) ++ pages(2) ++ apis(2) ++ Vector("/", "/go?account=1")).map(p =>
      p -> send(users.as("alice", at(p))).body
    )
    // what staff are shown of alice's accounts: any figure of another account that is also there is a coincidence
    val own =
      (pages(1) ++ apis(1) ++ pages(2) ++ apis(2)).map(p => send(users.as("sam", at(p))).body).mkString
    for (b <- expected.accounts.filterNot(mine); (path, body) <- bodies) {
      assert(!body.contains(s"/accounts/$b\""), s"$path links account $b")
      assert(!body.contains(s"\"account\":$b,"), s"$path names account $b")
      assert(!body.contains(s"Account $b<"), s"$path names account $b")
      val theirs = expected.performance(b, last).map(p => Money.render(p.row.pnl)).filter(v =>
        v.length >= 5 && !own.contains(v)
      )
      theirs.foreach(v => assert(!body.contains(v), s"$path shows $v, a figure of account $b"))
      val total = Money.render(expected.total(b, last))
      if (!own.contains(total)) assert(!body.contains(total), s"$path shows account $b's total")
    }
    val front = bodies.find(_._1 == "/").get._2
    assert(
      front.contains("""<a href="/accounts/1">""") && front.contains("""<a href="/accounts/2">"""),
      front
    )
    assert(!front.contains("Best") && !front.contains("Worst"), "a client's front page shows no ranking")
  }

  test("staff see every account, the day's best and worst, and the status") {
    for (a <- expected.accounts; path <- pages(a) ++ apis(a))
      assertEquals(send(users.as("sam", at(path))).status, Status.Ok, path)
    for (path <- Vector("/", "/api/accounts/best", "/api/status")) {
      val g = send(users.as("sam", at(path)))
      assertEquals(g.status, Status.Ok, path)
    }
    assert(send(users.as("sam", at("/"))).body.contains("Best"))
  }

  test("sign-in gives a random HttpOnly, SameSite=Strict session cookie; sign-out ends it on the server") {
    val ok = signIn("alice", AuthFixture.password("alice"), addresses.getAndIncrement)
    assertEquals(ok.status, Status.SeeOther, ok.body)
    assertEquals(ok.header("Location"), Some("/"))
    val set = ok.header("Set-Cookie").get
    assert(set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/"), set)
    assert(!set.contains("Secure"), "no Secure flag over plain HTTP, where the browser would then drop it")
    val c = cookieOf(ok)
    assert(c.length >= 40, c)
    val again = cookieOf(signIn("alice", AuthFixture.password("alice"), addresses.getAndIncrement))
    assertNotEquals(c, again)
    assertEquals(send(withCookie(at("/accounts/1"), c)).status, Status.Ok)
    assertEquals(send(withCookie(at("/api/accounts/1/performance"), c)).status, Status.Ok)
    assertEquals(send(withCookie(at("/accounts/5"), c)).status, Status.NotFound)

    val out = send(withCookie(at("/signout", Method.POST), c))
    assertEquals(out.status, Status.SeeOther)
    assert(out.header("Set-Cookie").exists(_.contains("Max-Age=0")), out.toString)
    // the same cookie, kept by someone after sign-out, opens nothing
    assertEquals(send(withCookie(at("/accounts/1"), c)).status, Status.SeeOther)
    assertEquals(send(withCookie(at("/api/accounts/1/performance"), c)).status, Status.Unauthorized)
    // the other session is another one, still open
    assertEquals(send(withCookie(at("/accounts/1"), again)).status, Status.Ok)
  }

  test("sessions expire when idle and at their absolute limit") {
    val idle = cookieOf(signIn("bob", AuthFixture.password("bob"), addresses.getAndIncrement))
    assertEquals(send(withCookie(at("/accounts/5"), idle)).status, Status.Ok)
    users.advance(31.minutes).unsafeRunSync()
    assertEquals(send(withCookie(at("/accounts/5"), idle)).status, Status.SeeOther)

    val busy = cookieOf(signIn("bob", AuthFixture.password("bob"), addresses.getAndIncrement))
    // used every 20 minutes, it never idles; but 12 hours after sign-in it ends all the same
    for (_ <- 1 to 35) {
      users.advance(20.minutes).unsafeRunSync()
      assertEquals(send(withCookie(at("/accounts/5"), busy)).status, Status.Ok)
    }
    users.advance(20.minutes).unsafeRunSync()
    assertEquals(send(withCookie(at("/accounts/5"), busy)).status, Status.SeeOther)
  }

  test("a revoked token, and the sessions and tokens of a removed user or a changed password, are refused") {
    val now = users.clock.get.unsafeRunSync()
    val h = mvt.reporting.auth.PasswordHash.create("dave-secret-pass".toCharArray, AuthFixture.TestIterations)
    users.users.addUser(mvt.reporting.auth.User("dave", mvt.reporting.auth.Role.Client, Set(3)), h, now)
      .unsafeRunSync()
    val t1 = users.users.createToken("dave", now).unsafeRunSync().get.text
    val t2 = users.users.createToken("dave", now).unsafeRunSync().get.text
    def api(t: String) =
      send(at("/api/accounts/3/performance").putHeaders(Header.Raw(ci"Authorization", s"Bearer $t"))).status
    assertEquals(api(t1), Status.Ok)
    assertEquals(users.users.revokeTokens("dave").unsafeRunSync(), Some(2))
    assertEquals(api(t1), Status.Unauthorized)
    assertEquals(api(t2), Status.Unauthorized)

    val c = cookieOf(signIn("dave", "dave-secret-pass", addresses.getAndIncrement))
    assertEquals(send(withCookie(at("/accounts/3"), c)).status, Status.Ok)
    users.users.setPassword(
      "dave",
      mvt.reporting.auth.PasswordHash.create("dave-other-pass".toCharArray, 1000)
    ).unsafeRunSync()
    assertEquals(send(withCookie(at("/accounts/3"), c)).status, Status.SeeOther)

    val c2 = cookieOf(signIn("dave", "dave-other-pass", addresses.getAndIncrement))
    val t3 = users.users.createToken("dave", now).unsafeRunSync().get.text
    assertEquals(api(t3), Status.Ok)
    users.users.removeUser("dave").unsafeRunSync()
    assertEquals(api(t3), Status.Unauthorized)
    assertEquals(send(withCookie(at("/accounts/3"), c2)).status, Status.SeeOther)
  }

  test("a failed sign-in is answered the same whether the name exists or not; repeated failures lock out") {
    val a = addresses.getAndIncrement
    val unknown = signIn("nobody", "whatever-pass", a)
    val wrong = signIn("bob", "not-his-password", addresses.getAndIncrement)
    assertEquals(unknown.status, Status.Unauthorized)
    assertEquals(wrong.status, unknown.status)
    assertEquals(wrong.body, unknown.body)
    assertEquals(wrong.headers.headers.map(_.name).toSet, unknown.headers.headers.map(_.name).toSet)
    assert(unknown.header("Set-Cookie").isEmpty)

    // three failures of carol's name, each from another address, lock the name: her right password is refused
    for (_ <- 1 to 3)
      assertEquals(signIn("carol", "wrong-password", addresses.getAndIncrement).status, Status.Unauthorized)
    val locked = signIn("carol", AuthFixture.password("carol"), addresses.getAndIncrement)
    assertEquals(locked.status, Status.Unauthorized)
    assertEquals(locked.body, unknown.body)
    // three failures from one address lock the address, whatever the name
    val addr = addresses.getAndIncrement
    for (n <- Vector("x1", "x2", "x3")) signIn(n, "wrong-password", addr)
    assertEquals(signIn("sam", AuthFixture.password("sam"), addr).status, Status.Unauthorized)
    assertEquals(
      signIn("sam", AuthFixture.password("sam"), addresses.getAndIncrement).status,
      Status.SeeOther
    )
    // the lock lifts after its time
    users.advance(16.minutes).unsafeRunSync()
    assertEquals(
      signIn("carol", AuthFixture.password("carol"), addresses.getAndIncrement).status,
      Status.SeeOther
    )

    val log = users.users.auditLog(200).unsafeRunSync()
    val events = log.map(_.event).toSet
    assert(Set("sign-in", "sign-in-failed", "locked-out").subsetOf(events), events.toString)
    assert(log.exists(e => e.event == "locked-out" && e.user.contains("carol")), log.toString)
    assert(!log.exists(_.detail.contains("wrong-password")), "a password never reaches the log")
  }

  test("a sign-in or sign-out posted from another site's page is refused") {
    val req = from(
      at("/signin", Method.POST).withEntity(UrlForm(
        "name" -> "sam",
        "password" -> AuthFixture.password("sam")
      )),
      addresses.getAndIncrement
    )
      .putHeaders(Header.Raw(ci"Host", "127.0.0.1:8080"), Header.Raw(ci"Origin", "http://evil.example"))
    assertEquals(send(req).status, Status.Forbidden)
  }

  test("the live stream of a page ends when its session does") {
    val c = cookieOf(signIn("alice", AuthFixture.password("alice"), addresses.getAndIncrement))
    val ended = Ref.unsafe[IO, Boolean](false)
    val reading = Client.fromHttpApp(app).run(withCookie(at("/api/accounts/1/live"), c)).use { r =>
      assertEquals(r.status, Status.Ok)
      assert(r.contentType.exists(_.mediaType == MediaType.`text/event-stream`))
      r.body.compile.drain >> ended.set(true)
    }.start.unsafeRunSync()
    Thread.sleep(300)
    assert(!ended.get.unsafeRunSync(), "the stream is open while the session is")
    send(withCookie(at("/signout", Method.POST), c))
    val deadline = System.nanoTime + 60_000_000_000L
    while (!ended.get.unsafeRunSync() && System.nanoTime < deadline) Thread.sleep(20)
    assert(ended.get.unsafeRunSync(), "the stream went on after sign-out")
    reading.cancel.unsafeRunSync()
  }

  test("under TLS the cookie is Secure and __Host- prefixed, and browsers are told to keep to HTTPS") {
    val tls = users.routes(store, tls = true)
    val g = Client.fromHttpApp(tls.app).run(
      from(
        at("/signin", Method.POST).withEntity(UrlForm(
          "name" -> "sam",
          "password" -> AuthFixture.password("sam")
        )),
        addresses.getAndIncrement
      )
    ).use(r => IO.pure(r.headers)).unsafeRunSync()
    val set = g.get(CIString("Set-Cookie")).map(_.head.value).getOrElse(fail("no cookie"))
    assert(set.startsWith("__Host-mvt_session=") && set.contains("Secure") && set.contains("HttpOnly"), set)
    assert(g.get(CIString("Strict-Transport-Security")).isDefined)
    assertEquals(g.get[Location].map(_.uri.renderString), Some("/"))
  }
}
