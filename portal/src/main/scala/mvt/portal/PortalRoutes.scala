package mvt.portal

import cats.data.EitherT
import cats.effect.IO
import io.circe.Json
import mvt.reporting.SymbolPerformance
import mvt.reporting.store.ReportReads
import org.http4s.*
import org.http4s.circe.*
import org.http4s.dsl.io.*
import org.http4s.headers.`Content-Type`

/**
 * The portal's routes: the JSON API, the client's page, its printable report and the page's assets. Wiring
 * only: every figure comes from the store's reads. A bad request gets a 4xx with a JSON error (the pages, an
 * HTML one).
 */
final class PortalRoutes(store: ReportReads, status: IO[Json]) {

  /** A refused request: its status and why. */
  private final case class Refusal(status: Status, message: String)

  private type Checked[A] = EitherT[IO, Refusal, A]

  private def refuse[A](status: Status, message: String): Checked[A] = EitherT.leftT(Refusal(status, message))
  private def lift[A](io: IO[A]): Checked[A] = EitherT.liftF(io)
  private def from[A](e: Either[String, A]): Checked[A] =
    EitherT.fromEither(e.left.map(Refusal(Status.BadRequest, _)))

  private def accountOf(text: String): Checked[Int] =
    text.toIntOption match {
      case None => refuse(Status.BadRequest, s"account: expected a whole number, found \"$text\"")
      case Some(0) => refuse(Status.NotFound, "account 0 is the house, which has no client report")
      case Some(a) if a < 0 => refuse(Status.BadRequest, s"account: expected a positive number, found $a")
      case Some(a) =>
        lift(store.knows(a)).flatMap(k =>
          if (k) EitherT.rightT(a) else refuse(Status.NotFound, s"no account $a: it has no fill")
        )
    }

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
      at: Option[String]
  ): Checked[(Int, Long, Vector[SymbolPerformance])] =
    for {
      a <- accountOf(account)
      h <- hourOf(at)
      rows <- lift(store.performance(a, h))
    } yield (a, h, rows)

  /** The longest series one request may ask for: about a year of hours. */
  val MaxPoints: Long = 24L * 400

  private def seriesOf(
      account: String,
      symbol: Option[String],
      fromText: Option[String],
      toText: Option[String]
  ) =
    for {
      a <- accountOf(account)
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

  private object At extends OptionalQueryParamDecoderMatcher[String]("at")
  private object Sym extends OptionalQueryParamDecoderMatcher[String]("symbol")
  private object From extends OptionalQueryParamDecoderMatcher[String]("from")
  private object To extends OptionalQueryParamDecoderMatcher[String]("to")

  val routes: HttpRoutes[IO] = HttpRoutes.of[IO] {
    case GET -> Root / "api" / "status" => status.flatMap(Ok(_))
    case GET -> Root / "api" / "accounts" / id / "performance" :? At(at) =>
      json(performanceOf(id, at).map(PortalJson.performance))
    case GET -> Root / "api" / "accounts" / id / "pnl" :? Sym(s) +& From(f) +& To(t) =>
      json(seriesOf(id, s, f, t).map((a, points) => PortalJson.series(a, s, points)))
    case GET -> Root / "api" / "accounts" / "best" :? At(at) =>
      json(hourOf(at).flatMap(h => lift(store.day(h)).map(days => Pages.dayJson(h, days))))
    case GET -> Root =>
      html(lastHour.flatMap(h => lift(store.day(h)).map(days => Pages.index(h, days))).recoverWith {
        case Refusal(Status.NotFound, m) => EitherT.rightT(Pages.empty(m))
      })
    case GET -> Root / "accounts" / id :? At(at) =>
      html(performanceOf(id, at).map((a, h, rows) => Pages.account(a, h, rows)))
    case GET -> Root / "accounts" / id / "report" :? At(at) =>
      html(performanceOf(id, at).flatMap((a, h, rows) =>
        lift(store.series(a, None, h - 23, h)).map(day => Pages.report(a, h, rows, day))
      ))
    case req @ GET -> Root / "assets" / name => Assets.serve(name, req)
  }

  /** The routes, with anything unmatched a 404 (JSON under /api, HTML elsewhere). */
  val app: HttpApp[IO] = HttpApp[IO] { req =>
    routes(req).getOrElseF {
      val msg = s"no such page: ${req.method} ${req.uri.path}"
      if (req.uri.path.segments.headOption.exists(_.encoded == "api"))
        IO.pure(Response[IO](Status.NotFound).withEntity(PortalJson.error(404, msg)))
      else
        IO.pure(
          Response[IO](Status.NotFound)
            .withEntity(Pages.refusal(404, msg))
            .withContentType(`Content-Type`(MediaType.text.html, Charset.`UTF-8`))
        )
    }
  }
}
