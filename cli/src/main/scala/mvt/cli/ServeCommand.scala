package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.portal.PortalService
import mvt.reporting.journal.Ingest

/**
 * `mvt serve`: follows a journal's feeds into the SQLite report store and serves the client portal over it, to
 * signed-in users only (`mvt serve users`, `mvt serve tokens`). Wiring only: the run is [[PortalService]].
 */
object ServeCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = ServeUsersCommand.opts(t) orElse serve(t)

  private def serve(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.path("journal", "DIR")(
        "Directory of feeds, NAME.trades.csv and NAME.quotes.csv per session; NAME.end marks a session over."
      ),
      Opt.path("db")("The SQLite store; created if absent, resumed if not."),
      Opt.text("host", "HOST")(
        "Address to listen on (default 127.0.0.1); another than loopback needs --tls-keystore or --insecure-http."
      ).withDefault("127.0.0.1"),
      Opt.inRange("port", 8080, 0, 65535, "PORT")("Port to listen on (default 8080; 0 picks a free one)."),
      FeeOpt.opts.orNone,
      Opts.flag("once", "Ingest what the journal holds now, then exit, serving nothing.").orFalse,
      Opt.number("batch-bytes")("Bytes of each feed read per transaction (default 16 MiB).")
        .withDefault(Ingest.ChunkBytes).validate("--batch-bytes: expected at least 1")(_ >= 1),
      HttpThreadsOpt.opts,
      Opt.path("tls-keystore")("Serve HTTPS with this PKCS#12 keystore.").orNone,
      Opt.path("tls-password-file")("The file whose first line is the keystore's password.").orNone,
      Opts.flag("insecure-http", "Allow plain HTTP on an address other than loopback.").orFalse,
      Opt.inRange("session-idle-minutes", 30, 1, 10080)("A session unused this long ends (default 30)."),
      Opt.inRange("session-max-hours", 12, 1, 720)("A session ends this long after sign-in (default 12).")
    ).mapN(PortalService.Settings.apply).map(PortalService.run(
      _,
      line => IO { t.err.println(line); t.err.flush() }
    ))
}
