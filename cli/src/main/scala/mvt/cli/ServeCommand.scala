package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.portal.{PortalServer, Tls}
import mvt.reporting.auth.{AuthPolicy, AuthStore, Authenticator}
import mvt.reporting.journal.{Ingest, IngestFailure, Journal}
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportStore

import java.nio.file.{Files, Path, Paths}

/**
 * `mvt serve`: follows a journal's feeds into the SQLite report store and serves the client portal over it, to
 * signed-in users only (`mvt serve users`, `mvt serve tokens`), over HTTPS with a keystore, else plain HTTP on
 * loopback; `--once` ingests what the journal holds and exits.
 */
object ServeCommand {

  final case class Args(
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

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "serve",
      "Follow a journal's trade and quote feeds into a SQLite store, and serve the client portal and its JSON API."
    ) {
      ServeUsersCommand.opts(t) orElse serve(t)
    }

  private def serve(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opts.option[Path](
        "journal",
        "Directory of feeds, NAME.trades.csv and NAME.quotes.csv per session; NAME.end marks a session over.",
        metavar = "DIR"
      ),
      Opts.option[Path]("db", "The SQLite store; created if absent, resumed if not.", metavar = "FILE"),
      Opts.option[String](
        "host",
        "Address to listen on (default 127.0.0.1); another than loopback needs --tls-keystore or --insecure-http.",
        metavar = "HOST"
      )
        .withDefault("127.0.0.1"),
      Opts.option[Int]("port", "Port to listen on (default 8080; 0 picks a free one).", metavar = "PORT")
        .withDefault(8080)
        .validate("--port: expected 0 to 65535")(p => p >= 0 && p <= 65535),
      FeeOpt.opts.orNone,
      Opts.flag("once", "Ingest what the journal holds now, then exit, serving nothing.").orFalse,
      Opts.option[Int](
        "batch-bytes",
        "Bytes of each feed read per transaction (default 16 MiB).",
        metavar = "N"
      )
        .withDefault(Ingest.ChunkBytes)
        .validate("--batch-bytes: expected at least 1")(_ >= 1),
      HttpThreadsOpt.opts,
      Opts.option[Path]("tls-keystore", "Serve HTTPS with this PKCS#12 keystore.", metavar = "FILE").orNone,
      Opts.option[Path](
        "tls-password-file",
        "The file whose first line is the keystore's password.",
        metavar = "FILE"
      ).orNone,
      Opts.flag("insecure-http", "Allow plain HTTP on an address other than loopback.").orFalse,
      Opts.option[Int]("session-idle-minutes", "A session unused this long ends (default 30).", metavar = "N")
        .withDefault(30)
        .validate("--session-idle-minutes: expected 1 to 10080")(n => n >= 1 && n <= 10080),
      Opts.option[Int](
        "session-max-hours",
        "A session ends this long after sign-in (default 12).",
        metavar = "N"
      )
        .withDefault(12)
        .validate("--session-max-hours: expected 1 to 720")(n => n >= 1 && n <= 720)
    ).mapN(Args.apply).map(run(_, t))

  private def say(t: Terminal, line: String): IO[Unit] =
    IO { t.err.println(s"mvt serve: $line"); t.err.flush() }

  private def failureLine(f: IngestFailure): String = f match {
    case IngestFailure.BadLine(file, n, d) => BadInput.Line(n, d).render("serve", file.toString)
    case IngestFailure.BadFile(file, d) => BadInput.Whole(d).render("serve", file.toString)
    case IngestFailure.Halted(d) => s"mvt serve: $d"
  }

  private def retryLine(reason: Option[String]): String =
    reason.fold("the store takes commits again; ingest goes on")(r => s"$r; retrying until it succeeds")

  /** Whether `host` is a loopback name or address (a name other than localhost is not resolved: not loopback). */
  def loopback(host: String): Boolean =
    host == "localhost" || com.comcast.ip4s.IpAddress.fromString(host).exists(_.isLoopback)

  // the checks of the options that decide who can reach the portal, before anything is opened
  private def exposure(args: Args): Either[String, Option[String]] =
    (args.tlsKeystore, args.tlsPasswordFile) match {
      case (Some(_), None) =>
        Left("--tls-keystore needs --tls-password-file (the password is never an argument)")
      case (None, Some(_)) => Left("--tls-password-file needs --tls-keystore")
      case (tls, _) =>
        val local = loopback(args.host)
        if (local) Right(None)
        else if (tls.isEmpty && !args.insecureHttp)
          Left(
            s"--host ${args.host} is not loopback: serve HTTPS there with --tls-keystore and --tls-password-file, " +
              "or pass --insecure-http to serve plain HTTP on it anyway"
          )
        else {
          val what = "the sign-in page, every signed-in user's pages, the JSON API and the live figures"
          Right(Some(
            if (tls.isEmpty)
              s"warning: --host ${args.host} over plain HTTP: $what become reachable from other machines, " +
                "and passwords, session cookies and tokens cross the network unencrypted"
            else s"warning: --host ${args.host}: $what become reachable over HTTPS from other machines"
          ))
        }
    }

  def run(args: Args, t: Terminal): IO[ExitCode] =
    exposure(args) match {
      case Left(why) => say(t, why).as(Cli.Failure)
      case Right(warning) => warning.fold(IO.unit)(say(t, _)) >> runChecked(args, t)
    }

  private def runChecked(args: Args, t: Terminal): IO[ExitCode] =
    if (!Files.isDirectory(args.journal))
      say(t, s"${args.journal}: no such directory (the journal of feeds to follow)").as(Cli.Failure)
    else
      Journal.claims(args.journal, args.db) match {
        case Some(why) => say(t, s"${args.db}: refusing it as the store: $why").as(Cli.Failure)
        case None => serve(args, t)
      }

  private def serve(args: Args, t: Terminal): IO[ExitCode] =
    ReportStore
      .open(args.db, args.fee)
      .use { store =>
        val live = new LiveFigures
        Ingest(store, args.journal, args.batchBytes, live).flatMap { ingest =>
          if (args.once)
            ingest.catchUp >> (ingest.failed match {
              case Some(f) => IO(t.err.println(failureLine(f))).as(Cli.BadData)
              case None =>
                store.lastClosedHour.flatMap(h =>
                  say(
                    t,
                    s"${args.db}: figures through ${h.fold("no closed hour yet")(mvt.portal.Hours.render)}"
                  )
                ).as(ExitCode.Success)
            })
          else {
            val policy = AuthPolicy(
              idle = scala.concurrent.duration.Duration(args.sessionIdleMinutes.toLong, "minutes"),
              absolute = scala.concurrent.duration.Duration(args.sessionMaxHours.toLong, "hours")
            )
            val tls = (args.tlsKeystore, args.tlsPasswordFile).tupled.traverse((k, p) => Tls.context(k, p))
            (for {
              users <- AuthStore.open(args.db)
              auth <- cats.effect.Resource.eval(Authenticator(users, policy, line => say(t, line)))
              ctx <- cats.effect.Resource.eval(tls)
              none <- cats.effect.Resource.eval(users.users.map(_.isEmpty))
              server <- PortalServer.run(
                store,
                ingest,
                args.journal,
                args.host,
                args.port,
                f => IO(t.err.println(failureLine(f))),
                auth,
                live,
                ctx,
                args.httpThreads,
                r => say(t, retryLine(r))
              )
            } yield (server, ctx.isDefined, none)).use { (server, https, none) =>
              val scheme = if (https) "https" else "http"
              val url = s"$scheme://${hostText(args.host)}:${server.address.getPort}/"
              val plain = if (https) "" else " over plain HTTP, on loopback only (no --tls-keystore)"
              say(
                t,
                s"following ${args.journal} into ${args.db}; the portal is at $url$plain (Ctrl-C stops)"
              ) >>
                IO.whenA(none)(
                  say(t, s"no user yet: add one with mvt serve users add --db ${args.db} NAME --role staff")
                ) >>
                IO.never[ExitCode]
            }
          }
        }
      }
      .recoverWith {
        case ReportStore.Refused(d) => say(t, s"${args.db}: $d").as(Cli.Failure)
        case PortalServer.CannotListen(d) => say(t, d).as(Cli.Failure)
        case Tls.Refused(d) => say(t, d).as(Cli.Failure)
        case e: java.sql.SQLException => say(t, s"${args.db}: ${e.getMessage}").as(Cli.Failure)
      }

  private def hostText(h: String): String = if (h.contains(':')) s"[$h]" else h

  /** The default database file beside a journal, for commands that make both. */
  def defaultDb(journal: Path): Path = Paths.get(journal.toString + ".db")
}
