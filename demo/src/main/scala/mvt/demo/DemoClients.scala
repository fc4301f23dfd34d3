package mvt.demo

import cats.effect.IO
import cats.syntax.all.*
import scala.concurrent.duration.*
import mvt.portal.{Hours, PortalServer}
import mvt.reporting.journal.Ingest
import mvt.reporting.store.ReportStore

/**
 * The demo's report leg: days of client flow written as a journal of feeds under the demo's directory and ingested
 * into its report store, then the live day ([[LiveDay]]) on a venue journaling into the same directory while the
 * store follows its feeds, and the live day's best and worst clients; with `serve`, the client portal over them
 * until the process is stopped.
 */
object DemoClients {

  /** The leg; false when the store refuses, the days closed no hour or the portal cannot listen. */
  def run(s: Demo.Settings, c: Demo.Console): IO[Boolean] = {
    val journal = s.dir.resolve("journal")
    val db = s.dir.resolve("report.db")
    val (out, progress) = (c.out, c.progress)
    def failed(why: String) = IO(c.err.println(s"mvt demo: $why")).as(false)
    val fresh = IO.blocking(DemoJournal.clear(journal, db))
    val days = progress.phase("client flow")(DemoJournal.days(s.seed))
    val feeds = days.traverse_ { d =>
      val (trades, quotes) = DemoJournal.feeds(journal, d.date)
      c.feeds.write(trades, quotes)((t, q) => DemoJournal.write(d, t, q))
    }
    val end = IO.blocking(DemoJournal.end(journal, days.last.date))
    IO(out.println()) >> progress.phaseIO("client days")(fresh >> feeds >> end) >>
      ReportStore.open(db, None).use { store =>
        Ingest(store, journal).flatMap(in => progress.phaseIO("ingest")(in.catchUp).as(in)).flatMap { in =>
          // the store follows the venue's feeds while the live day runs, as `mvt serve` does
          in.follow(200.millis, _ => IO.unit).background.use(_ => c.work(LiveDay.run(s.seed, journal, c)))
            .flatMap(ok => if (ok) in.catchUp.as(true) else IO.pure(false))
            .flatMap(ok => if (!ok) IO.pure(false) else report(s, c, store, in, journal, db))
        }
      }.recoverWith {
        case ReportStore.Refused(d) => failed(s"$db: $d")
        case PortalServer.CannotListen(d) => failed(d)
      }
  }

  // the last day's best and worst clients; with `serve`, the portal over the store until the process is stopped
  private def report(
      s: Demo.Settings,
      c: Demo.Console,
      store: ReportStore,
      in: Ingest,
      journal: java.nio.file.Path,
      db: java.nio.file.Path
  ): IO[Boolean] = {
    val out = c.out
    def failed(why: String) = IO(c.err.println(s"mvt demo: $why")).as(false)
    store.lastClosedHour.flatMap {
      case None => failed("the client days closed no hour")
      case Some(h) =>
        store.day(h).flatMap { ranked =>
          IO {
            out.println(DemoAccounts.report(ranked, Hours.render(h)))
            out.println()
            out.println(
              s"${DemoJournal.Days} days of client flow and the live day are in $journal, their figures in $db."
            )
            out.flush()
          } >> (if (!s.serve)
                  IO {
                    // the portal lets nobody in without a user: the first staff user is made by hand
                    out.println(
                      "Serve the client portal over them: add yourself a staff user " +
                        s"(mvt serve users add --db $db NAME --role staff, the password on standard input),"
                    )
                    out.println(
                      s"then mvt serve --journal $journal --db $db; or run the demo with --serve, signed in for you."
                    )
                  }.as(true)
                else
                  DemoSignIn.serve(store, in, journal, db, s.port).use { (server, password) =>
                    val url = s"http://127.0.0.1:${server.address.getPort}/"
                    IO {
                      out.println(s"The client portal is at $url (account ${ranked.head.account}: " +
                        s"${url}accounts/${ranked.head.account}); Ctrl-C stops it.")
                      out.println(
                        s"Sign in as ${DemoSignIn.User} with the password $password (new for this run)."
                      )
                      out.flush()
                    } >> IO.never[Boolean]
                  })
        }
    }
  }
}
