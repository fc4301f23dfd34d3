package mvt.portal

import cats.data.EitherT
import cats.effect.IO
import io.circe.Json
import mvt.reporting.SymbolPerformance
import mvt.reporting.auth.Authenticator
import mvt.reporting.store.ReportReads
import org.http4s.*
import org.http4s.circe.*
import org.http4s.dsl.io.*
import org.http4s.headers.{`Content-Type`, Location}
import org.typelevel.ci.*

import java.nio.charset.StandardCharsets.UTF_8

/**
 * The portal's routes: sign-in and sign-out, the JSON API, the live figures' event stream, the client's page, its
 * printable report and the page's assets. Every route but sign-in and the assets answers only a caller with a
 * live session cookie or API token (else 401 for the API, a redirect to sign-in for a page), and a client only
 * for their own accounts (another is a 404, as one that does not exist). Wiring only: every figure comes from
 * the store's reads. A bad request gets a 4xx with a JSON error under /api (an HTML page elsewhere); HEAD is
 * answered as GET without the body, another method on a route with 405 and `Allow`.
 */
final class PortalRoutes(
    store: ReportReads,
    status: IO[Json],
    auth: Authenticator,
    live: LiveEvents,
    tls: Boolean = false
) {

  /** The session cookie's name; under TLS a `__Host-` one, which a browser keeps to this host and HTTPS. */
  val CookieName: String = if (tls) "__Host-mvt_session" else "mvt_session"

  /** A refused request: its status and why. */
  private final case class Refusal(status: Status, message: String)

  private type Checked[A] = EitherT[IO, Refusal, A]

  private def refuse[A](status: Status, message: String): Checked[A] = EitherT.leftT(Refusal(status, message))
  private def lift[A](io: IO[A]): Checked[A] = EitherT.liftF(io)
  private def from[A](e: Either[String, A]): Checked[A] =
    EitherT.fromEither(e.left.map(Refusal(Status.BadRequest, _)))

  // an account is ASCII digits, at most nine of them (any Int); another script's digits are not a number here
  private def digits(text: String): Option[Int] =
    if (text.nonEmpty && text.length <= 9 && text.forall(c => c >= '0' && c <= '9')) Some(text.toInt)
    else None

  private def missing(a: Int) = refuse[Int](Status.NotFound, s"no account $a: it has no fill")

  // an account not the caller's is answered exactly as one that does not exist
  private def accountOf(text: String, caller: Caller): Checked[Int] =
    digits(text) match {
      case None =>
        refuse(
          Status.BadRequest,
          s"account: expected a positive whole number in ASCII digits (at most 9), found \"${Pages.escape(text)}\""
        )
      case Some(0) if caller.user.isStaff =>
        refuse(Status.NotFound, "account 0 is the house, which has no client report")
      case Some(a) if !caller.user.mayRead(a) => missing(a)
      case Some(a) => lift(store.knows(a)).flatMap(k => if (k) EitherT.rightT(a) else missing(a))
    }

  private def staffOnly(caller: Caller): Checked[Unit] =
    if (caller.user.isStaff) EitherT.rightT(()) else refuse(Status.Forbidden, "for staff only")

  private val lastHour: Checked[Long] =
    lift(store.lastClosedHour).flatMap {
      case Some(h) => EitherT.rightT(h)
      case None => refuse(Status.NotFound, "no hour is closed yet: the feeds have not passed a whole hour")
    }

  /** The hour asked for (`at`, default the last closed one), which must be closed already. */
  private def hourOf(at: Option[String]): Checked[Long] =
    lastHour.flatMap { last =>
      at match {
        case None => EitherT.rightT(last)
        case Some(t) =>
          from(Hours.parse("at", t)).flatMap { h =>
            if (h > last)
              refuse(Status.NotFound, s"no figures for $t yet: the last closed hour is ${Hours.render(last)}")
            else EitherT.rightT(h)
          }
      }
    }

  private def performanceOf(
      account: String,
      at: Option[String],
      caller: Caller
  ): Checked[(Int, Long, Vector[SymbolPerformance])] =
    for {
      a <- accountOf(account, caller)
      h <- hourOf(at)
      rows <- lift(store.performance(a, h))
    } yield (a, h, rows)

  /** The longest series one request may ask for: about a year of hours. */
  val MaxPoints: Long = 24L * 400

  private def seriesOf(
      account: String,
      symbol: Option[String],
      fromText: Option[String],
      toText: Option[String],
      caller: Caller
  ) =
    for {
      a <- accountOf(account, caller)
      to <- hourOf(toText)
      fromHour <- fromText.fold(EitherT.rightT[IO, Refusal](to - 167))(t => from(Hours.parse("from", t)))
      _ <-
        if (fromHour > to) refuse[Unit](Status.BadRequest, "from: must not be after to")
        else if (to - fromHour + 1 > MaxPoints)
          refuse[Unit](Status.BadRequest, s"at most $MaxPoints hours at once")
        else EitherT.rightT[IO, Refusal](())
      _ <- symbol match {
        case None => EitherT.rightT[IO, Refusal](())
        case Some(s) =>
          lift(store.performance(a, to)).flatMap(rows =>
            if (rows.exists(_.symbol == s)) EitherT.rightT[IO, Refusal](())
            else refuse[Unit](Status.NotFound, s"account $a has no fill in $s by ${Hours.render(to)}")
          )
      }
      points <- lift(store.series(a, symbol, fromHour, to))
    } yield (a, points)

  private def json(checked: Checked[Json]): IO[Response[IO]] =
    checked.value.flatMap {
      case Right(j) => Ok(j)
      case Left(Refusal(s, m)) => IO.pure(Response[IO](s).withEntity(PortalJson.error(s.code, m)))
    }

  private def html(checked: Checked[String]): IO[Response[IO]] =
    checked.value.flatMap {
      case Right(page) => Ok(page, `Content-Type`(MediaType.text.html, Charset.`UTF-8`))
      case Left(Refusal(s, m)) =>
        IO.pure(
          Response[IO](s)
            .withEntity(Pages.refusal(s.code, m))
            .withContentType(`Content-Type`(MediaType.text.html, Charset.`UTF-8`))
        )
    }

  private val Html = `Content-Type`(MediaType.text.html, Charset.`UTF-8`)
  private val JsonType = `Content-Type`(MediaType.application.json)

  // the latest hour's answers rendered once per account: the API's busiest route, at 1,000 requests a second
  private val answers = new LatestAnswers

  private def isApi(req: Request[IO]): Boolean = req.uri.path.segments.headOption.exists(_.encoded == "api")

  /** A refusal in the form the route's clients read: JSON under /api, an HTML page elsewhere. */
  private def refusal(req: Request[IO], s: Status, message: String): Response[IO] =
    if (isApi(req)) Response[IO](s).withEntity(PortalJson.error(s.code, message))
    else Response[IO](s).withEntity(Pages.refusal(s.code, message)).withContentType(Html)

  private def seeOther(to: String): Response[IO] =
    Response[IO](Status.SeeOther).putHeaders(Location(Uri.unsafeFromString(to)))

  private def address(req: Request[IO]): String = req.remoteAddr.fold("unknown")(_.toString)

  /**
   * The caller: by `Authorization: Bearer TOKEN` when that header is sent (and then by it alone), else by the
   * session cookie.
   */
  private def callerOf(req: Request[IO]): IO[Option[Caller]] =
    req.headers.get(ci"Authorization").map(_.head.value) match {
      case Some(v) =>
        if (v.regionMatches(true, 0, "Bearer ", 0, 7)) {
          val t = v.substring(7).trim
          auth.token(t).map(_.map(u => Caller(u, Caller.Proof.Token(t))))
        } else IO.pure(None)
      case None =>
        req.cookies.find(_.name == CookieName) match {
          case Some(c) =>
            auth.session(c.content).map(_.map(r => Caller(r.user, Caller.Proof.Session(c.content))))
          case None => IO.pure(None)
        }
    }

  private def unauthorized(req: Request[IO]): Response[IO] =
    if (isApi(req))
      refusal(req, Status.Unauthorized, "sign in first, or send Authorization: Bearer TOKEN")
        .putHeaders(Header.Raw(ci"WWW-Authenticate", "Bearer realm=\"mvt\""))
    else seeOther("/signin")

  // a browser sends Origin with every form it posts: one from another site is refused (sign-in and sign-out
  // are not to be triggered from elsewhere); a program that sends none is not a page of another site
  private def sameOrigin(req: Request[IO]): Boolean =
    req.headers.get(ci"Origin").map(_.head.value) match {
      case None => true
      case Some(o) =>
        req.headers.get(ci"Host").map(_.head.value).exists(h => o == s"http://$h" || o == s"https://$h")
    }

  /** The longest form sign-in reads. */
  val MaxForm: Int = 8192

  private def formOf(req: Request[IO]): IO[Either[String, Map[String, String]]] =
    req.body.take(MaxForm.toLong + 1).compile.to(Array).map { bytes =>
      if (bytes.length > MaxForm) Left(s"the form is longer than $MaxForm bytes")
      else
        UrlForm.decodeString(Charset.`UTF-8`)(
          new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
        ) match {
          case Left(e) => Left(s"the form cannot be read: ${e.message}")
          case Right(f) =>
            f.values.collectFirst { case (k, vs) if vs.size > 1 => k } match {
              case Some(k) => Left(s"the form gives ${Pages.escape(k)} more than once")
              case None => Right(f.values.map((k, vs) => k -> vs.headOption.getOrElse("")))
            }
        }
    }

  private def cookie(value: String, remove: Boolean): ResponseCookie =
    ResponseCookie(
      CookieName,
      value,
      expires = if (remove) Some(HttpDate.Epoch) else None,
      maxAge = if (remove) Some(0L) else None,
      path = Some("/"),
      secure = tls,
      httpOnly = true,
      sameSite = Some(SameSite.Strict)
    )

  private def signIn(req: Request[IO]): IO[Response[IO]] =
    if (!sameOrigin(req)) IO.pure(refusal(req, Status.Forbidden, "a sign-in from another site's page"))
    else
      formOf(req).flatMap {
        case Left(why) => IO.pure(refusal(req, Status.BadRequest, why))
        case Right(form) =>
          auth.signIn(form.getOrElse("name", ""), form.getOrElse("password", ""), address(req)).map {
            case Some(secret) => seeOther("/").addCookie(cookie(secret.text, remove = false))
            case None =>
              Response[IO](Status.Unauthorized).withEntity(Pages.signIn(failed = true)).withContentType(Html)
          }
      }

  private def signOut(req: Request[IO]): IO[Response[IO]] =
    if (!sameOrigin(req)) IO.pure(refusal(req, Status.Forbidden, "a sign-out from another site's page"))
    else
      req.cookies.find(_.name == CookieName).fold(IO.unit)(c => auth.signOut(c.content, address(req))) >>
        IO.pure(seeOther("/signin").addCookie(cookie("", remove = true)))

  private object At extends OptionalQueryParamDecoderMatcher[String]("at")
  private object Sym extends OptionalQueryParamDecoderMatcher[String]("symbol")
  private object From extends OptionalQueryParamDecoderMatcher[String]("from")
  private object To extends OptionalQueryParamDecoderMatcher[String]("to")
  private object AccountParam extends OptionalQueryParamDecoderMatcher[String]("account")

  /** What anyone may ask: sign-in, sign-out and the static assets. */
  private val open: HttpRoutes[IO] = HttpRoutes.of[IO] {
    case req @ GET -> Root / "signin" =>
      callerOf(req).map {
        case Some(_) => seeOther("/")
        case None => Response[IO](Status.Ok).withEntity(Pages.signIn(failed = false)).withContentType(Html)
      }
    case req @ POST -> Root / "signin" => signIn(req)
    case req @ POST -> Root / "signout" => signOut(req)
    case req @ GET -> Root / "assets" / name => Assets.serve(name, req)
  }

  private def frontPage(caller: Caller): Checked[String] = {
    val who = Some(caller.user.name)
    if (caller.user.isStaff)
      lastHour.flatMap(h => lift(store.day(h)).map(days => Pages.index(h, days, who))).recoverWith {
        case Refusal(Status.NotFound, m) => EitherT.rightT(Pages.empty(m, who))
      }
    else {
      val mine = caller.user.accounts.toVector.sorted
      lift(IO.parTraverseN(4)(mine)(a => store.knows(a).map(a -> _))).map(Pages.clientIndex(
        caller.user.name,
        _
      ))
    }
  }

  /** What a signed-in caller may ask; the accounts checked against theirs. */
  private def signedIn(caller: Caller): HttpRoutes[IO] = {
    val who = Some(caller.user.name)
    HttpRoutes.of[IO] {
      case GET -> Root / "api" / "status" => json(staffOnly(caller).flatMap(_ => lift(status)))
      case GET -> Root / "api" / "accounts" / "best" :? At(at) =>
        json(staffOnly(caller).flatMap(_ => hourOf(at)).flatMap(h =>
          lift(store.day(h)).map(days => Pages.dayJson(h, days))
        ))
      case GET -> Root / "api" / "accounts" / id / "performance" :? At(at) =>
        performanceOf(id, at, caller).value.flatMap {
          case Right((a, h, rows)) =>
            IO(answers(a, h)(PortalJson.performance(a, h, rows).noSpaces.getBytes(UTF_8))).flatMap(Ok(
              _,
              JsonType
            ))
          case Left(Refusal(s, m)) => IO.pure(Response[IO](s).withEntity(PortalJson.error(s.code, m)))
        }
      case GET -> Root / "api" / "accounts" / id / "pnl" :? Sym(s) +& From(f) +& To(t) =>
        json(seriesOf(id, s, f, t, caller).map((a, points) => PortalJson.series(a, s, points)))
      case GET -> Root / "api" / "accounts" / id / "live" =>
        accountOf(id, caller).value.flatMap {
          case Right(a) =>
            Ok(live.stream(caller, a)).map(_.withContentType(`Content-Type`(MediaType.`text/event-stream`)))
          case Left(Refusal(s, m)) => IO.pure(Response[IO](s).withEntity(PortalJson.error(s.code, m)))
        }
      case GET -> Root => html(frontPage(caller))
      case GET -> Root / "go" :? AccountParam(a) =>
        a.flatMap(digits) match {
          case Some(n) => IO.pure(seeOther(s"/accounts/$n"))
          case None =>
            html(refuse(
              Status.BadRequest,
              "account: expected a positive whole number in ASCII digits (at most 9)"
            ))
        }
      case GET -> Root / "accounts" / id :? At(at) =>
        html(performanceOf(id, at, caller).map((a, h, rows) => Pages.account(a, h, rows, who)))
      case GET -> Root / "accounts" / id / "report" :? At(at) =>
        html(performanceOf(id, at, caller).flatMap((a, h, rows) =>
          lift(store.series(a, None, h - 23, h)).map(day => Pages.report(a, h, rows, day, who))
        ))
    }
  }

  private val GetOnly = List(Method.GET, Method.HEAD)

  /** The methods a path answers, if it is one of the portal's. */
  private def allowed(req: Request[IO]): Option[List[Method]] =
    req.uri.path.segments.map(_.encoded).toList match {
      case List("signin") => Some(List(Method.GET, Method.HEAD, Method.POST))
      case List("signout") => Some(List(Method.POST))
      case Nil | List("go") | List("accounts", _) | List("accounts", _, "report") | List("assets", _) |
          List("api", "status") | List("api", "accounts", "best") |
          List("api", "accounts", _, "performance" | "pnl" | "live") =>
        Some(GetOnly)
      case _ => None
    }

  /** The longest URL answered. */
  val MaxUrl: Int = 8192

  // what is refused before any route or caller is looked at
  private def contract(req: Request[IO]): Option[Response[IO]] =
    if (req.uri.renderString.length > MaxUrl)
      Some(refusal(req, Status.UriTooLong, s"the URL is longer than $MaxUrl characters"))
    else
      req.multiParams.collectFirst { case (k, vs) if vs.size > 1 => k } match {
        case Some(k) =>
          Some(refusal(req, Status.BadRequest, s"query parameter ${Pages.escape(k)}: given more than once"))
        case None =>
          allowed(req) match {
            case Some(ms) if !ms.contains(req.method) =>
              Some(
                refusal(
                  req,
                  Status.MethodNotAllowed,
                  s"${req.method} is not answered here; ${ms.mkString(", ")} are"
                )
                  .putHeaders(Header.Raw(ci"Allow", ms.mkString(", ")))
              )
            case _ => None
          }
      }

  private def notFound(req: Request[IO]): Response[IO] =
    refusal(req, Status.NotFound, s"no such page: ${req.method} ${Pages.escape(req.uri.path.renderString)}")

  private def dispatch(req: Request[IO], who: Request[IO] => IO[Option[Caller]]): IO[Response[IO]] =
    open(req).getOrElseF(who(req).flatMap {
      case Some(c) => signedIn(c)(req).getOrElse(notFound(req))
      case None => IO.pure(unauthorized(req))
    })

  private def appOf(who: Request[IO] => IO[Option[Caller]]): HttpApp[IO] = SecurityHeaders(
    HttpApp[IO] { req =>
      contract(req) match {
        case Some(r) => IO.pure(r)
        case None =>
          // HEAD runs GET's route and drops the body unread (so a stream is never started)
          if (req.method == Method.HEAD)
            dispatch(req.withMethod(Method.GET), who).map(_.withBodyStream(fs2.Stream.empty))
          else dispatch(req, who)
      }
    },
    tls
  )

  /** The portal: every route, the contract's refusals, HEAD as GET, and the security headers on every answer. */
  val app: HttpApp[IO] = appOf(callerOf)

  /**
   * The portal as `app` is, every request taken as `caller`'s without a look at its token or cookie: only for the
   * benchmark's unauthenticated leg, which measures what the check costs. Never served.
   */
  def asCaller(caller: Caller): HttpApp[IO] = appOf(_ => IO.pure(Some(caller)))
}
