package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.portal.PortalService
import mvt.reporting.journal.Ingest

import java.nio.file.Path

/**
 * `mvt serve`: follows a journal's feeds into the SQLite report store and serves the client portal over it, to
 * signed-in users only (`mvt serve users`, `mvt serve tokens`), over HTTPS with a keystore, else plain HTTP on
 * loopback; `--once` ingests what the journal holds and exits. Wiring only: the run is [[PortalService]].
 */
object ServeCommand {

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
    ).mapN(PortalService.Settings.apply).map(run(_, t))

  def run(s: PortalService.Settings, t: Terminal): IO[ExitCode] =
    PortalService.run(s, line => IO { t.err.println(line); t.err.flush() })
}
