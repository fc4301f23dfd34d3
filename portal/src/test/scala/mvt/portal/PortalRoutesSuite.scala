package mvt.portal

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import io.circe.Json
import mvt.core.Timestamp
import mvt.reporting.Money
import mvt.reporting.PnlFold.NanosPerHour
import mvt.reporting.store.ReportStore
import org.http4s.{Method, Request, Status, Uri}
import org.http4s.client.Client

import java.math.BigDecimal

/** The portal's routes in-process, over a real store ingested from a journal, against the pure fold's figures. */
class PortalRoutesSuite extends munit.FunSuite {

  private var store: ReportStore = null
  private var expected: ExpectedFigures = null
  private var release: IO[Unit] = IO.unit
  private var client: Client[IO] = null
  private var routes: PortalRoutes = null
  private var users: AuthFixture = null

  // a slow machine must not fail a test by its clock: munit's default is 30 s
  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private val status = Json.obj("ingest" -> Json.fromString("following"))

  override def beforeAll(): Unit = {
    val ((s, e, u), r) =
      JournalFixture.storeIn().flatMap((s, e, db) => AuthFixture(db).map((s, e, _))).allocated
        .unsafeRunSync()
    store = s
    expected = e
    users = u
    release = r
    routes = users.routes(store, IO.pure(status))
    // staff sees every account: the figures are checked here, who may see them in PortalAccessSuite
    client = users.clientAs("sam", routes.app)
  }

  override def afterAll(): Unit = release.unsafeRunSync()

  /** A response as the tests read it: status, media type (`type/subtype`), body. */
  private final case class Got(status: Status, media: String, body: String) {
    def json: Json = io.circe.parser.parse(body).fold(e => fail(s"not JSON: $e\n$body"), identity)
  }

  private def request(method: Method, path: String): Got =
    client.run(Request[IO](method, Uri.unsafeFromString(path))).use { r =>
      r.bodyText.compile.string.map(b =>
        Got(r.status, r.contentType.fold("")(c => s"${c.mediaType.mainType}/${c.mediaType.subType}"), b)
      )
    }.unsafeRunSync()

  private def get(path: String): Got = request(Method.GET, path)

  private def instant(hour: Long): String = Timestamp.fromEpochNanos(hour * NanosPerHour).render
  private def money(v: BigDecimal): Json = Json.fromString(Money.render(v))
  private def word(v: BigDecimal): String =
    if (v.signum > 0) "positive" else if (v.signum < 0) "negative" else "flat"
  private def change(v: BigDecimal): Json =
    Json.obj("change" -> money(v), "trend" -> Json.fromString(word(v)))
  private def sum(vs: Vector[BigDecimal]): BigDecimal = vs.foldLeft(BigDecimal.ZERO)(_.add(_))

  /** The performance JSON the API must give, built from the fold's figures. */
  private def performanceJson(account: Int, hour: Long): Json = {
    val ps = expected.performance(account, hour)
    Json.obj(
      "account" -> Json.fromInt(account),
      "at" -> Json.fromString(instant(hour)),
      "symbols" -> Json.arr(ps.map { p =>
        Json.obj(
          "symbol" -> Json.fromString(p.row.key.symbol),
          "position" -> Json.fromLong(p.row.position),
          "realized" -> money(p.row.realized),
          "unrealized" -> money(p.row.unrealized),
          "fees" -> money(p.row.fees),
          "pnl" -> money(p.row.pnl),
          "lastHour" -> change(p.lastHour),
          "lastDay" -> change(p.lastDay),
          "last7Days" -> change(p.last7Days)
        )
      }*),
      "total" -> Json.obj(
        "pnl" -> money(sum(ps.map(_.row.pnl))),
        "lastHour" -> change(sum(ps.map(_.lastHour))),
        "lastDay" -> change(sum(ps.map(_.lastDay))),
        "last7Days" -> change(sum(ps.map(_.last7Days)))
      )
    )
  }

  private def monday(hours: Long): Long = JournalFixture.Monday + hours

  // the last closed hour, one before, mid-session, a day with no session, before the first trade, the first hours
  private def hours: Vector[Long] = Vector(
    expected.lastHour,
    expected.lastHour - 1,
    monday(2 * 24 + 12),
    monday(24 + 12),
    monday(9),
    monday(10),
    monday(4 * 24 + 9)
  )

  test("the journal is realistic: clients, the house, several symbols, fees, figures that move") {
    assertEquals(expected.accounts, Vector(1, 2, 3, 4, 5, 6))
    assertEquals(expected.symbolsOf(1), Vector("ACME", "BOLT", "CRUX", "DYNA"))
    val rows = expected.rows(expected.lastHour)
    assert(
      rows.exists(_.position != 0) && rows.exists(_.realized.signum != 0) && rows.forall(_.fees.signum > 0)
    )
    assert(Set("positive", "negative").subsetOf(rows.map(_.lastDay.word).toSet), rows.map(_.lastDay).toString)
  }

  test("performance equals the fold's figures at several hours, for every account") {
    for (h <- hours; a <- expected.accounts) {
      val got = get(s"/api/accounts/$a/performance?at=${instant(h)}")
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.media, "application/json")
      assertEquals(got.json, performanceJson(a, h), s"account $a at ${instant(h)}")
    }
    assert(expected.performance(1, monday(9)).isEmpty, "before the first trade an account has no symbol yet")
  }

  test("performance equals the fold's figures at every hour of the week, for three accounts") {
    // one with every symbol, one without CRUX and DYNA, one with CRUX only
    for (h <- monday(0) to expected.lastHour; a <- Vector(1, 5, 6)) {
      val got = get(s"/api/accounts/$a/performance?at=${instant(h)}")
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.json, performanceJson(a, h), s"account $a at ${instant(h)}")
    }
  }

  test("performance defaults to the last closed hour") {
    for (a <- expected.accounts) {
      val got = get(s"/api/accounts/$a/performance")
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.json, performanceJson(a, expected.lastHour))
    }
    assertEquals(store.lastClosedHour.unsafeRunSync(), Some(expected.lastHour))
  }

  private def seriesJson(account: Int, symbol: Option[String], from: Long, to: Long): Json =
    Json.obj(
      "account" -> Json.fromInt(account),
      "symbol" -> symbol.fold(Json.Null)(Json.fromString),
      "points" -> Json.arr((from to to).map { h =>
        val v = symbol.fold(expected.total(account, h))(s => expected.pnl(account, s, h))
        Json.obj("hour" -> Json.fromString(instant(h)), "pnl" -> money(v))
      }*)
    )

  test("the hourly PnL series, per symbol and summed, equal the fold's, by default over the last 168 hours") {
    val last = expected.lastHour
    for (a <- expected.accounts; s <- None +: expected.symbolsOf(a).map(Some(_))) {
      val q = s.fold("")(x => s"?symbol=$x")
      val got = get(s"/api/accounts/$a/pnl$q")
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.json, seriesJson(a, s, last - 167, last), s"account $a, ${s.getOrElse("all symbols")}")
    }
    // a range of its own, reaching back before the first trade and across the days without a session
    val (from, to) = (monday(-30), monday(2 * 24 + 15))
    for (a <- Vector(1, 5); s <- Vector(None, Some("ACME"))) {
      val got =
        get(s"/api/accounts/$a/pnl?from=${instant(from)}&to=${instant(to)}" + s.fold("")(x => s"&symbol=$x"))
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.json, seriesJson(a, s, from, to))
    }
  }

  test("the best accounts of the day, with their PnL and its change over 24 hours") {
    val last = expected.lastHour
    val got = get("/api/accounts/best")
    assertEquals(got.status, Status.Ok, got.body)
    val days = expected.accounts
      .map(a => (a, expected.total(a, last), expected.total(a, last).subtract(expected.total(a, last - 24))))
      .sortBy((a, _, c) => (c.negate, a))
    assertEquals(
      got.json,
      Json.obj(
        "at" -> Json.fromString(instant(last)),
        "accounts" -> Json.arr(days.map((a, p, c) =>
          Json.obj("account" -> Json.fromInt(a), "pnl" -> money(p), "lastDay" -> money(c))
        )*)
      )
    )
  }

  test("status is what the server gives") {
    val got = get("/api/status")
    assertEquals(got.status, Status.Ok)
    assertEquals(got.json, status)
  }

  test("every bad API request is a 4xx with a JSON error, never a 500") {
    val last = expected.lastHour
    val (now, next) = (instant(last), instant(last + 1))
    val cases = Vector(
      "/api/accounts/abc/performance" -> 400,
      "/api/accounts/-3/performance" -> 400,
      "/api/accounts/99999999999/performance" -> 400,
      "/api/accounts/0/performance" -> 404,
      "/api/accounts/99/performance" -> 404,
      "/api/accounts/1/performance?at=yesterday" -> 400,
      "/api/accounts/1/performance?at=" -> 400,
      "/api/accounts/1/performance?at=2026-02-30T10:00:00Z" -> 400,
      "/api/accounts/1/performance?at=2026-03-06T15:30:00Z" -> 400,
      "/api/accounts/1/performance?at=2026-03-06T15:00:00.5Z" -> 400,
      s"/api/accounts/1/performance?at=$next" -> 404,
      s"/api/accounts/1/pnl?from=$now&to=${instant(last - 1)}" -> 400,
      s"/api/accounts/1/pnl?from=${instant(last - routes.MaxPoints)}&to=$now" -> 400,
      "/api/accounts/1/pnl?from=1970-01-01T00:00:00Z" -> 400,
      "/api/accounts/1/pnl?from=soon" -> 400,
      s"/api/accounts/1/pnl?to=$next" -> 404,
      "/api/accounts/5/pnl?symbol=DYNA" -> 404,
      "/api/accounts/1/pnl?symbol=NOPE" -> 404,
      "/api/accounts/0/pnl" -> 404,
      "/api/accounts/zero/pnl" -> 400,
      "/api/accounts/best?at=noon" -> 400,
      s"/api/accounts/best?at=$next" -> 404,
      "/api/nope" -> 404,
      "/api/accounts/1" -> 404,
      "/api/accounts/1/performance/more" -> 404
    )
    for ((path, code) <- cases) {
      val got = get(path)
      assertEquals(got.status.code, code, s"$path: ${got.body}")
      assertEquals(got.media, "application/json", path)
      val j = got.json
      assertEquals(j.hcursor.get[Int]("status").toOption, Some(code), s"$path: ${got.body}")
      assert(j.hcursor.get[String]("error").exists(_.nonEmpty), s"$path: ${got.body}")
      assertEquals(j.asObject.map(_.keys.toSet), Some(Set("status", "error")), path)
    }
    val post = request(Method.POST, "/api/accounts/1/performance")
    assert(post.status.code >= 400 && post.status.code < 500, post.toString)
    assertEquals(post.media, "application/json")
  }

  /** The table rows of a page: symbol -> the text of each figure cell, and each trend cell's word and change. */
  private def tableRows(html: String): Vector[(String, Map[String, String])] = {
    val row = """<tr data-symbol="([^"]*)">(.*?)</tr>""".r
    val cell = """<td class="num (position|realized|unrealized|fees|pnl)">([^<]*)</td>""".r
    val trend = """<td class="num trend (\w+) ([\w-]+)" data-trend="(\w+)" data-change="([^"]*)">""".r
    row.findAllMatchIn(html).map { m =>
      val cells = cell.findAllMatchIn(m.group(2)).map(c => c.group(1) -> c.group(2)).toMap
      val trends = trend.findAllMatchIn(m.group(2)).flatMap { t =>
        assertEquals(t.group(1), t.group(3))
        Vector(t.group(2) -> t.group(1), (t.group(2) + " change") -> t.group(4))
      }
      m.group(1) -> (cells ++ trends)
    }.toVector
  }

  private def expectedRows(account: Int, hour: Long): Vector[(String, Map[String, String])] =
    expected.performance(account, hour).map { p =>
      val r = p.row
      r.key.symbol -> Map(
        "position" -> r.position.toString,
        "realized" -> Money.render(r.realized),
        "unrealized" -> Money.render(r.unrealized),
        "fees" -> Money.render(r.fees),
        "pnl" -> Money.render(r.pnl),
        "last-hour" -> word(p.lastHour),
        "last-hour change" -> Money.render(p.lastHour),
        "last-day" -> word(p.lastDay),
        "last-day change" -> Money.render(p.lastDay),
        "last-7-days" -> word(p.last7Days),
        "last-7-days change" -> Money.render(p.last7Days)
      )
    }

  test("the account page shows a row per symbol with the fold's figures, and the chart's place") {
    for (
      a <- expected.accounts;
      (q, h) <- Vector("" -> expected.lastHour, s"?at=${instant(monday(50))}" -> monday(50))
    ) {
      val got = get(s"/accounts/$a$q")
      assertEquals(got.status, Status.Ok, got.body)
      assertEquals(got.media, "text/html")
      assertEquals(tableRows(got.body), expectedRows(a, h), s"account $a at ${instant(h)}")
      assert(got.body.contains(s"""<div id="chart" data-account="$a" data-from="${instant(
          h - 167
        )}" data-to="${instant(h)}">"""))
      assert(got.body.contains("/assets/uPlot.iife.min.js") && got.body.contains("/assets/portal.js"))
    }
  }

  test("the printable report: the table and the last 24 hours' PnL hour by hour") {
    val last = expected.lastHour
    val got = get("/accounts/1/report")
    assertEquals(got.status, Status.Ok, got.body)
    assertEquals(got.media, "text/html")
    assertEquals(tableRows(got.body), expectedRows(1, last))
    val hourRow = """<tr><td>([^<]*)</td><td class="num">([^<]*)</td></tr>""".r
    assertEquals(
      hourRow.findAllMatchIn(got.body).map(m => m.group(1) -> m.group(2)).toVector,
      (last - 23 to last).map(h => instant(h) -> Money.render(expected.total(1, h))).toVector
    )
    assert(!got.body.contains("<script"), "the printable report runs no script")
  }

  test("the start page links the day's best and worst accounts") {
    val got = get("/")
    assertEquals(got.status, Status.Ok, got.body)
    assertEquals(got.media, "text/html")
    val linked = """<a href="/accounts/(\d+)">""".r.findAllMatchIn(got.body).map(_.group(1).toInt).toSet
    assertEquals(linked, expected.accounts.toSet)
  }

  test("bad page requests are 4xx HTML pages") {
    for (
      (path, code) <- Vector(
        "/accounts/0" -> 404,
        "/accounts/99" -> 404,
        "/accounts/x" -> 400,
        "/accounts/1?at=bad" -> 400,
        "/accounts/1/report?at=2026-03-06T15:30:00Z" -> 400,
        "/nope" -> 404
      )
    ) {
      val got = get(path)
      assertEquals(got.status.code, code, path)
      assertEquals(got.media, "text/html", path)
      assert(got.body.contains(s"Error $code"), path)
    }
  }

  /** The status line and body the real server answers to a raw request line, sent as is. */
  private def raw(port: Int, target: String): (String, String) = {
    val socket = new java.net.Socket("127.0.0.1", port)
    try {
      socket.setSoTimeout(60000)
      val out = socket.getOutputStream
      val auth = s"Authorization: Bearer ${users.tokens("sam")}"
      out.write(
        s"GET $target HTTP/1.1\r\nHost: 127.0.0.1\r\n$auth\r\nConnection: close\r\n\r\n".getBytes(
          "ISO-8859-1"
        )
      )
      out.flush()
      val text = new String(socket.getInputStream.readAllBytes(), "UTF-8")
      (text.takeWhile(_ != '\r'), text.drop(text.indexOf("\r\n\r\n") + 4))
    } finally socket.close()
  }

  test("over the real server, targets that are not even valid URIs are 4xx too, never a 500") {
    PortalServer.listen(routes, "127.0.0.1", 0).use { server =>
      IO.blocking {
        val port = server.address.getPort
        for (
          target <- Vector(
            "/api/accounts/%ZZ/performance",
            "/api/accounts/1/performance?at=%ZZ",
            "/api/accounts/1/pnl?symbol=%E2%28",
            "/api/accounts/%00/performance",
            "/api/accounts/1/pnl?symbol=\u00e9\u00ff",
            "/api/accounts/\u00e9/performance",
            "/api/accounts/1/performance?at=" + "9" * 10000,
            "/api/accounts/1/performance?at=" + "9" * 100000,
            "/accounts/%ZZ"
          )
        ) {
          val (statusLine, body) = raw(port, target)
          val code = statusLine.split(' ').lift(1).flatMap(_.toIntOption).getOrElse(0)
          val shown = target.take(60)
          assert(code >= 400 && code < 500, s"$shown: $statusLine $body")
          // every refusal under /api carries its JSON error, even one Ember refused before any route
          if (target.startsWith("/api")) {
            val j = io.circe.parser.parse(body).fold(e => fail(s"$shown: not JSON: $body"), identity)
            assertEquals(j.hcursor.get[Int]("status").toOption, Some(code), s"$shown: $body")
          }
          if (target.length > 10000) assertEquals(code, 414, s"$shown: $statusLine")
        }
        assert(raw(port, "/api/accounts/1/performance")._1.contains(" 200"), "the server answers")
      }
    }.unsafeRunSync()
  }

  private def resource(name: String): Array[Byte] = {
    val in = getClass.getResourceAsStream(name)
    assert(in != null, s"$name is not on the class path")
    try in.readAllBytes()
    finally in.close()
  }

  test("the assets come from the jar with their content types") {
    val uplot = "/META-INF/resources/webjars/uplot/1.6.30/dist/"
    for (
      (name, file, media) <- Vector(
        ("uPlot.iife.min.js", uplot + "uPlot.iife.min.js", "application/javascript"),
        ("uPlot.min.css", uplot + "uPlot.min.css", "text/css"),
        ("portal.js", "/mvt/portal/portal.js", "application/javascript"),
        ("portal.css", "/mvt/portal/portal.css", "text/css")
      )
    ) {
      val got = client.run(Request[IO](Method.GET, Uri.unsafeFromString(s"/assets/$name"))).use { r =>
        r.body.compile.to(Array).map(b =>
          (r.status, r.contentType.map(c => s"${c.mediaType.mainType}/${c.mediaType.subType}"), b)
        )
      }.unsafeRunSync()
      assertEquals(got._1, Status.Ok, name)
      assertEquals(got._2, Some(media), name)
      assert(java.util.Arrays.equals(got._3, resource(file)), s"$name differs from $file")
    }
    assert(new String(resource(uplot + "uPlot.iife.min.js"), "UTF-8").contains("uPlot"))
    assertEquals(get("/assets/nope.js").status, Status.NotFound)
  }

  /** Status, headers and body of a request made as staff. */
  private def full(req: Request[IO]): (Status, org.http4s.Headers, String) =
    client.run(req).use(r => r.bodyText.compile.string.map(b => (r.status, r.headers, b))).unsafeRunSync()

  test("HEAD is answered on every GET route, as GET without the body") {
    for (
      path <- Vector(
        "/",
        "/accounts/1",
        "/accounts/1/report",
        "/api/accounts/1/performance",
        "/api/accounts/1/pnl",
        "/api/accounts/best",
        "/api/status",
        "/assets/portal.js"
      )
    ) {
      val (st, hs, body) = full(Request[IO](Method.HEAD, Uri.unsafeFromString(path)))
      val (gst, ghs, _) = full(Request[IO](Method.GET, Uri.unsafeFromString(path)))
      assertEquals(st, gst, path)
      assertEquals(st, Status.Ok, path)
      assertEquals(body, "", path)
      assertEquals(
        hs.get[org.http4s.headers.`Content-Type`],
        ghs.get[org.http4s.headers.`Content-Type`],
        path
      )
    }
  }

  test("another method on a route is 405 with Allow, a JSON error under /api") {
    for (
      (path, method) <- Vector(
        "/api/accounts/1/performance" -> Method.POST,
        "/api/accounts/1/pnl" -> Method.DELETE,
        "/api/status" -> Method.PUT,
        "/accounts/1" -> Method.POST,
        "/signout" -> Method.GET
      )
    ) {
      val (st, hs, body) = full(Request[IO](method, Uri.unsafeFromString(path)))
      assertEquals(st, Status.MethodNotAllowed, s"$method $path")
      val allow = hs.get(org.typelevel.ci.CIString("Allow")).map(_.head.value)
      assert(allow.isDefined, s"$method $path has no Allow")
      if (path == "/signout") assertEquals(allow, Some("POST"))
      else assertEquals(allow, Some("GET, HEAD"), path)
      if (path.startsWith("/api")) assertEquals(
        io.circe.parser.parse(body).toOption.flatMap(_.hcursor.get[Int]("status").toOption),
        Some(405),
        body
      )
    }
  }

  test("account ids are ASCII digits only: full-width and Arabic-Indic digits are refused") {
    for (id <- Vector("\uff11", "\u0661", "\u06f1", "+1", "1.0", " 1", "1e0", "0x1")) {
      val enc = java.net.URLEncoder.encode(id, "UTF-8").replace("+", "%20")
      val got = get(s"/api/accounts/$enc/performance")
      assertEquals(got.status, Status.BadRequest, s"$id: ${got.body}")
      assertEquals(got.json.hcursor.get[Int]("status").toOption, Some(400))
    }
    assertEquals(get("/api/accounts/0001/performance").status, Status.Ok, "leading zeros are still digits")
  }

  test("a repeated query parameter is refused, not read as its first value") {
    val last = instant(expected.lastHour)
    for (q <- Vector(s"at=$last&at=$last", "symbol=ACME&symbol=BOLT", "from=x&to=y&to=z")) {
      val got = get(s"/api/accounts/1/pnl?$q")
      assertEquals(got.status, Status.BadRequest, q)
      assert(got.json.hcursor.get[String]("error").exists(_.contains("more than once")), got.body)
    }
    assertEquals(get(s"/accounts/1?at=$last&at=$last").status, Status.BadRequest)
  }

  test("the front page's form goes to a route that exists, which leads to the account's page") {
    val page = get("/").body
    val action = """<form action="([^"]+)" method="get">""".r.findFirstMatchIn(page).map(_.group(1))
    assertEquals(action, Some("/go"))
    val (st, hs, _) = full(Request[IO](Method.GET, Uri.unsafeFromString("/go?account=5")))
    assertEquals(st, Status.SeeOther)
    assertEquals(hs.get[org.http4s.headers.Location].map(_.uri.renderString), Some("/accounts/5"))
    assertEquals(get("/go?account=%EF%BC%91").status, Status.BadRequest)
    assertEquals(get("/go").status, Status.BadRequest)
  }

  test("every response carries the security headers; figures are never cached, assets may be") {
    for (
      path <- Vector(
        "/",
        "/accounts/1",
        "/api/accounts/1/performance",
        "/api/nope",
        "/accounts/x",
        "/signin",
        "/assets/portal.js"
      )
    ) {
      val (_, hs, _) = full(Request[IO](Method.GET, Uri.unsafeFromString(path)))
      def h(n: String) = hs.get(org.typelevel.ci.CIString(n)).map(_.head.value)
      val csp = h("Content-Security-Policy").getOrElse(fail(s"$path: no CSP"))
      assert(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), csp)
      assert(!csp.contains("unsafe-inline"), csp)
      assertEquals(h("X-Content-Type-Options"), Some("nosniff"), path)
      if (path.startsWith("/assets")) assert(h("Cache-Control").exists(_.contains("max-age")), path)
      else assertEquals(h("Cache-Control"), Some("no-store"), path)
    }
    // no inline script or handler that such a policy would block
    for (path <- Vector("/", "/accounts/1", "/accounts/1/report", "/signin")) {
      val body = get(path).body
      assert(
        !"""<script>|<script [^s]|\son[a-z]+=""".r.findFirstIn(body).isDefined,
        s"$path has inline script"
      )
    }
  }
}
