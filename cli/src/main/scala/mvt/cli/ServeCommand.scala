package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.portal.PortalServer
import mvt.reporting.journal.{Ingest, IngestFailure, Journal}
import mvt.reporting.store.ReportStore

import java.nio.file.{Files, Path, Paths}

/**
 * `mvt serve`: follows a journal's feeds into the SQLite report store and serves the client portal over it;
 * `--once` ingests what the journal holds and exits.
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
      httpThreads: Int
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "serve",
      "Follow a journal's trade and quote feeds into a SQLite store, and serve the client portal and its JSON API."
    ) {
      (
        Opts.option[Path](
          "journal",
          "Directory of feeds, NAME.trades.csv and NAME.quotes.csv per session; NAME.end marks a session over.",
          metavar = "DIR"
        ),
        Opts.option[Path]("db", "The SQLite store; created if absent, resumed if not.", metavar = "FILE"),
        Opts.option[String]("host", "Address to listen on (default 127.0.0.1).", metavar = "HOST")
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
        HttpThreadsOpt.opts
      ).mapN(Args.apply).map(run(_, t))
    }

  private def say(t: Terminal, line: String): IO[Unit] =
    IO { t.err.println(s"mvt serve: $line"); t.err.flush() }

  private def failureLine(f: IngestFailure): String = f match {
    case IngestFailure.BadLine(file, n, d) => BadInput.Line(n, d).render("serve", file.toString)
    case IngestFailure.BadFile(file, d) => BadInput.Whole(d).render("serve", file.toString)
    case IngestFailure.Halted(d) => s"mvt serve: $d"
  }

  private def retryLine(reason: Option[String]): String =
    reason.fold("the store takes commits again; ingest goes on")(r => s"$r; retrying until it succeeds")

  def run(args: Args, t: Terminal): IO[ExitCode] =
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
        Ingest(store, args.journal, args.batchBytes).flatMap { ingest =>
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
          else
            PortalServer
              .run(
                store,
                ingest,
                args.journal,
                args.host,
                args.port,
                f => IO(t.err.println(failureLine(f))),
                args.httpThreads,
                r => say(t, retryLine(r))
              )
              .use { server =>
                val url = s"http://${hostText(args.host)}:${server.address.getPort}/"
                say(
                  t,
                  s"following ${args.journal} into ${args.db}; the portal is at $url (Ctrl-C stops)"
                ) >>
                  IO.never[ExitCode]
              }
        }
      }
      .recoverWith {
        case ReportStore.Refused(d) => say(t, s"${args.db}: $d").as(Cli.Failure)
        case PortalServer.CannotListen(d) => say(t, d).as(Cli.Failure)
        case e: java.sql.SQLException => say(t, s"${args.db}: ${e.getMessage}").as(Cli.Failure)
      }

  private def hostText(h: String): String = if (h.contains(':')) s"[$h]" else h

  /** The default database file beside a journal, for commands that make both. */
  def defaultDb(journal: Path): Path = Paths.get(journal.toString + ".db")
}
