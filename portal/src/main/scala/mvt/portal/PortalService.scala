package mvt.portal

import cats.effect.{ExitCode, IO, Resource}
import cats.syntax.all.*
import mvt.reporting.auth.{AuthPolicy, AuthStore, Authenticator}
import mvt.reporting.journal.{Ingest, IngestFailure, Journal}
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportStore

import java.nio.file.{Files, Path}
import scala.concurrent.duration.*

/**
 * `mvt serve` from its settings to its exit status: the exposure checks, the store opened, the journal ingested
 * (once, or followed while the portal serves over it, until cancelled), and every refusal as one line through
 * `say` (status 1), bad data in a feed as the file and line (status 2).
 */
object PortalService {

  /** What `mvt serve` was asked for; the TLS password is a file, never a value. */
  final case class Settings(
      journal: Path,
      db: Path,
      host: String,
      port: Int,
      fee: Option[java.math.BigDecimal],
      once: Boolean,
      batchBytes: Int,
      httpThreads: Int,
      tlsKeystore: Option[Path],
      tlsPasswordFile: Option[Path],
      insecureHttp: Boolean,
      sessionIdleMinutes: Int,
      sessionMaxHours: Int
  )

  private val Failure = ExitCode(1)
  private val BadData = ExitCode(2)

  /** Whether `host` is a loopback name or address (a name other than localhost is not resolved: not loopback). */
  def loopback(host: String): Boolean =
    host == "localhost" || com.comcast.ip4s.IpAddress.fromString(host).exists(_.isLoopback)

  /** The line for a feed's bad data: `mvt serve: FILE: line N: ...`, what the feed holds escaped. */
  def failureLine(f: IngestFailure): String = {
    val v = mvt.core.FormatError.visible
    f match {
      case IngestFailure.BadLine(file, n, d) => s"mvt serve: $file: line $n: ${v(d)}"
      case IngestFailure.BadFile(file, d) => s"mvt serve: $file: ${v(d)}"
      case IngestFailure.Halted(d) => s"mvt serve: $d"
    }
  }

  /**
   * Runs `mvt serve`; `line` prints one whole line on stderr. Serving ends only when cancelled; `once` ends when
   * the journal's present content is in the store.
   */
  def run(s: Settings, line: String => IO[Unit]): IO[ExitCode] = {
    def say(text: String) = line(s"mvt serve: $text")
    exposure(s) match {
      case Left(why) => say(why).as(Failure)
      case Right(warning) =>
        warning.traverse_(say) >>
          (if (!Files.isDirectory(s.journal))
             say(s"${s.journal}: no such directory (the journal of feeds to follow)").as(Failure)
           else
             Journal.claims(s.journal, s.db) match {
               case Some(why) => say(s"${s.db}: refusing it as the store: $why").as(Failure)
               case None => opened(s, line, say)
             })
    }
  }

  // the checks of the options that decide who can reach the portal, before anything is opened
  private def exposure(s: Settings): Either[String, Option[String]] =
    (s.tlsKeystore, s.tlsPasswordFile) match {
      case (Some(_), None) =>
        Left("--tls-keystore needs --tls-password-file (the password is never an argument)")
      case (None, Some(_)) => Left("--tls-password-file needs --tls-keystore")
      case (tls, _) =>
        if (loopback(s.host)) Right(None)
        else if (tls.isEmpty && !s.insecureHttp)
          Left(
            s"--host ${s.host} is not loopback: serve HTTPS there with --tls-keystore and --tls-password-file, " +
              "or pass --insecure-http to serve plain HTTP on it anyway"
          )
        else {
          val what = "the sign-in page, every signed-in user's pages, the JSON API and the live figures"
          Right(Some(
            if (tls.isEmpty)
              s"warning: --host ${s.host} over plain HTTP: $what become reachable from other machines, " +
                "and passwords, session cookies and tokens cross the network unencrypted"
            else s"warning: --host ${s.host}: $what become reachable over HTTPS from other machines"
          ))
        }
    }

  private def opened(s: Settings, line: String => IO[Unit], say: String => IO[Unit]): IO[ExitCode] =
    ReportStore
      .open(s.db, s.fee)
      .use { store =>
        val live = new LiveFigures
        Ingest(store, s.journal, s.batchBytes, live).flatMap { ingest =>
          if (s.once)
            ingest.catchUp >> (ingest.failed match {
              case Some(f) => line(failureLine(f)).as(BadData)
              case None =>
                store.lastClosedHour.flatMap(h =>
                  say(s"${s.db}: figures through ${h.fold("no closed hour yet")(Hours.render)}")
                ).as(ExitCode.Success)
            })
          else serving(s, store, ingest, live, line, say).use(_ => IO.never[ExitCode])
        }
      }
      .recoverWith {
        case ReportStore.Refused(d) => say(s"${s.db}: $d").as(Failure)
        case PortalServer.CannotListen(d) => say(d).as(Failure)
        case Tls.Refused(d) => say(d).as(Failure)
        case e: java.sql.SQLException => say(s"${s.db}: ${e.getMessage}").as(Failure)
      }

  /** The portal over `store` with `ingest` following the journal, announced once it listens. */
  private def serving(
      s: Settings,
      store: ReportStore,
      ingest: Ingest,
      live: LiveFigures,
      line: String => IO[Unit],
      say: String => IO[Unit]
  ): Resource[IO, Unit] = {
    val policy = AuthPolicy(idle = s.sessionIdleMinutes.minutes, absolute = s.sessionMaxHours.hours)
    val tls = (s.tlsKeystore, s.tlsPasswordFile).tupled.traverse((k, p) => Tls.context(k, p))
    def retryLine(reason: Option[String]): String =
      reason.fold("the store takes commits again; ingest goes on")(r => s"$r; retrying until it succeeds")
    for {
      users <- AuthStore.open(s.db)
      auth <- Resource.eval(Authenticator(users, policy, say))
      ctx <- Resource.eval(tls)
      none <- Resource.eval(users.users.map(_.isEmpty))
      server <- PortalServer.run(
        store,
        ingest,
        s.journal,
        s.host,
        s.port,
        f => line(failureLine(f)),
        auth,
        live,
        ctx,
        s.httpThreads,
        r => say(retryLine(r))
      )
      scheme = if (ctx.isDefined) "https" else "http"
      hostText = if (s.host.contains(':')) s"[${s.host}]" else s.host
      url = s"$scheme://$hostText:${server.address.getPort}/"
      plain = if (ctx.isDefined) "" else " over plain HTTP, on loopback only (no --tls-keystore)"
      _ <- Resource.eval(
        say(s"following ${s.journal} into ${s.db}; the portal is at $url$plain (Ctrl-C stops)") >>
          IO.whenA(none)(say(s"no user yet: add one with mvt serve users add --db ${s.db} NAME --role staff"))
      )
    } yield ()
  }
}
