package mvt.portal

import cats.effect.IO
import org.http4s.*
import org.http4s.headers.{`Cache-Control`, `Content-Type`}
import org.http4s.CacheDirective.`max-age`

import scala.concurrent.duration.*

/** The page's static files, served from the jar: uPlot from its WebJar, and the portal's own script and style. */
object Assets {

  private val UplotDir = "/META-INF/resources/webjars/uplot/1.6.30/dist/"

  // name in the URL -> (resource, media type)
  private val files: Map[String, (String, MediaType)] = Map(
    "uPlot.iife.min.js" -> (UplotDir + "uPlot.iife.min.js", MediaType.application.javascript),
    "uPlot.min.css" -> (UplotDir + "uPlot.min.css", MediaType.text.css),
    "portal.js" -> ("/mvt/portal/portal.js", MediaType.application.javascript),
    "portal.css" -> ("/mvt/portal/portal.css", MediaType.text.css)
  )

  def serve(name: String, req: Request[IO]): IO[Response[IO]] =
    files.get(name) match {
      case None => IO.pure(Response[IO](Status.NotFound).withEntity(s"no asset $name"))
      case Some((resource, media)) =>
        StaticFile
          .fromResource[IO](resource, Some(req))
          .map(_.withContentType(`Content-Type`(media)).putHeaders(`Cache-Control`(`max-age`(1.hour))))
          .getOrElse(Response[IO](Status.NotFound).withEntity(s"asset $name is missing from the jar"))
    }
}
