package mvt.portal

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import com.comcast.ip4s.{Host, Port}
import io.circe.Json
import fs2.io.net.tls.TLSContext
import mvt.reporting.auth.Authenticator
import mvt.reporting.journal.{Ingest, IngestFailure}
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.{LatestFigures, ReportStore}
import org.http4s.{Response, Status}
import org.http4s.circe.*
import org.http4s.ember.server.EmberServerBuilder
import org.http4s.server.Server

import java.nio.file.Path
import scala.concurrent.duration.*

/** `mvt serve` put together: the journal followed into the store in the background, and the portal over it. */
object PortalServer {

  /**
   * Compute workers of the portal's own runtime when none is named: half the machine's cores, at least one. A
   * runtime of its own keeps a click from queueing behind the ingest of a busy hour, and fewer workers than cores
   * wake each other less: on the 2-core VM, the portal's p99 under load was lower on one worker of its own than
   * on the process's two, by about a fifth on a quiet machine and more than tenfold on a loaded one
   * (docs/reporting.md).
   */
  val DefaultHttpThreads: Int = math.max(1, Runtime.getRuntime.availableProcessors / 2)

  /** Why the portal could not start listening. */
  final case class CannotListen(detail: String) extends Exception(detail)

  /**
   * Follows `journal` into `store` on a background fiber (stopping at bad data or an unexpected error, reported
   * through `onFailure` and on `/api/status`; a failed commit retried until it succeeds, through `onRetry` and
   * on `/api/status` too) and serves the portal on `host:port` (port 0: any free port), the latest closed
   * hour's figures of every account held in memory once built (`LatestFigures`, checked every 250 ms), every
   * request checked by `auth`, and each open account page's live figures from `live` (which `ingest` must
   * update). HTTP is served on `httpThreads` workers of its own (0: on the caller's runtime, beside the ingest),
   * over HTTPS when `tls` is given.
   */
  def run(
      store: ReportStore,
      ingest: Ingest,
      journal: Path,
      host: String,
      port: Int,
      onFailure: IngestFailure => IO[Unit],
      auth: Authenticator,
      live: LiveFigures,
      tls: Option[TLSContext[IO]],
      httpThreads: Int = DefaultHttpThreads,
      onRetry: Option[String] => IO[Unit] = _ => IO.unit
  ): Resource[IO, Server] =
    for {
      _ <- ingest
        .follow(100.millis, onFailure, onRetry)
        // ingest never ends unseen: whatever stops it is its state, and said once
        .handleErrorWith { e =>
          val f =
            IngestFailure.Halted(s"ingest stopped: ${Option(e.getMessage).getOrElse(e.getClass.getName)}")
          IO(ingest.stop(f)) >> onFailure(f)
        }
        .background
      latest = new LatestFigures(store)
      _ <- latest.follow(250.millis).background
      routes = new PortalRoutes(
        latest,
        status(store, journal, IO(ingest.state)),
        auth,
        new LiveEvents(live, auth),
        tls.isDefined
      )
      server <- listenApp(routes.app, host, port, httpThreads, tls)
    } yield server

  /** Serves `routes` on `host:port` (port 0: any free port) on `httpThreads` workers of its own (0: none). */
  def listen(
      routes: PortalRoutes,
      host: String,
      port: Int,
      httpThreads: Int = DefaultHttpThreads,
      tls: Option[TLSContext[IO]] = None
  ): Resource[IO, Server] =
    listenApp(routes.app, host, port, httpThreads, tls)

  /** Serves any app as the portal is served (the benchmarks put a baseline beside it). */
  def listenApp(
      app: org.http4s.HttpApp[IO],
      host: String,
      port: Int,
      httpThreads: Int = DefaultHttpThreads,
      tls: Option[TLSContext[IO]] = None
  ): Resource[IO, Server] =
    if (httpThreads == 0) ember(app, host, port, tls)
    else
      OwnRuntime(httpThreads, "portal-http").flatMap(rt => OwnRuntime.lift(rt)(ember(app, host, port, tls)))

  // a request Ember cannot even parse never reaches the routes: it is refused here, with a JSON body as the API's
  private def unreadable(status: Status, message: String, tls: Boolean): IO[Response[IO]] =
    IO.pure(SecurityHeaders.onto(
      Response[IO](status).withEntity(PortalJson.error(status.code, message)),
      tls
    ))

  private def ember(
      app: org.http4s.HttpApp[IO],
      host: String,
      port: Int,
      tls: Option[TLSContext[IO]]
  ): Resource[IO, Server] =
    (Host.fromString(host), Port.fromInt(port)) match {
      case (Some(h), Some(p)) =>
        val b = EmberServerBuilder
          .default[IO]
          .withHost(h)
          .withPort(p)
          .withHttpApp(app)
          .withRequestLineParseErrorHandler(_ =>
            unreadable(
              Status.BadRequest,
              "the request line is not valid HTTP (a bad % escape, or bytes that are not allowed in a URL?)",
              tls.isDefined
            )
          )
          .withMaxHeaderSizeErrorHandler(_ =>
            unreadable(Status.UriTooLong, "the URL and headers are too long", tls.isDefined)
          )
          .withShutdownTimeout(1.second)
          .withMaxConnections(4096)
        tls
          .fold(b)(ctx => b.withTLS(ctx))
          .build
          .adaptError { case e: java.net.BindException =>
            CannotListen(s"cannot listen on $host:$port: ${e.getMessage}")
          }
      case _ => Resource.raiseError[IO, Server, Throwable](CannotListen(s"not a host and port: $host:$port"))
    }

  private def status(store: ReportStore, journal: Path, ingest: IO[Ingest.State]): IO[Json] =
    for {
      last <- store.lastClosedHour
      offsets <- store.offsets
      state <- ingest
    } yield Json.obj(
      "journal" -> Json.fromString(journal.toString),
      // following; retrying a commit that failed (the error says why); stopped for good (the error says why)
      "ingest" -> Json.fromString(state match {
        case Ingest.State.Following => "following"
        case Ingest.State.Retrying(_) => "retrying"
        case Ingest.State.Stopped(_) => "stopped"
      }),
      "error" -> (state match {
        case Ingest.State.Following => Json.Null
        case Ingest.State.Retrying(reason) => Json.fromString(reason)
        case Ingest.State.Stopped(f) => Json.fromString(f.message)
      }),
      "lastClosedHour" -> last.fold(Json.Null)(PortalJson.instant),
      "feePerShare" -> PortalJson.money(store.feePerShare),
      "feeds" -> Json.arr(offsets.map(o =>
        Json.obj(
          "file" -> Json.fromString(o.path),
          "bytes" -> Json.fromLong(o.bytes),
          "lines" -> Json.fromLong(o.line),
          "finished" -> Json.fromBoolean(o.done)
        )
      )*)
    )
}
