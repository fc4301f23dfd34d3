package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.demo.{ClientVolumes, DemoAccounts, DemoJournal, DemoReport, DemoTrader, TimedReplay}
import mvt.core.EventSink
import mvt.orderbook.{Engine, TradingDay}
import mvt.portal.{Hours, PortalServer}
import mvt.reporting.journal.Ingest
import mvt.reporting.store.ReportStore
import mvt.workload.{AccountMix, ProfileGenerator, WorkloadProfile}

import java.nio.file.Path

/** `mvt demo`: a seeded trading session through the fast engine and a baseline. */
object DemoCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("demo", "Run a seeded trading session through the fast engine and a baseline.") {
      (
        Opts.option[Int]("commands", "Commands in the session (default 2000000).", metavar = "N")
          .withDefault(2000000)
          .validate("--commands must be positive")(_ > 0),
        ProfileOpts.profile,
        ProfileOpts.seed,
        EngineOpt.baseline,
        Opts.option[Path](
          "dir",
          "Where the demo writes its journal of feeds and its report store (default mvt-demo).",
          metavar = "DIR"
        ).withDefault(Path.of("mvt-demo")),
        Opts.flag("serve", "Keep the client portal up over the demo's report store when done.").orFalse,
        Opts.option[Int](
          "port",
          "With --serve: the portal's port (default 8080; 0 picks a free one).",
          metavar = "PORT"
        )
          .withDefault(8080)
          .validate("--port: expected 0 to 65535")(p => p >= 0 && p <= 65535)
      ).mapN((n, profile, seed, baseline, dir, serve, port) =>
        run(n, profile, seed, baseline, t).flatMap(code =>
          if (code != ExitCode.Success) IO.pure(code)
          else
            DemoCluster.run(seed, t).flatMap(code =>
              if (code != ExitCode.Success) IO.pure(code) else clients(dir, seed, serve, port, t)
            )
        )
      )
    }

  /** The report leg: days of client flow written as a journal of feeds, ingested, and the day's best and worst. */
  def clients(dir: Path, seed: Long, serve: Boolean, port: Int, t: Terminal): IO[ExitCode] = {
    val journal = dir.resolve("journal")
    val db = dir.resolve("report.db")
    val progress = ProgressBar(t.err)
    val fresh = IO.blocking(DemoJournal.clear(journal, db))
    val days = progress.phase("client flow")(DemoJournal.days(seed))
    val feeds = days.traverse_ { d =>
      val (trades, quotes) = DemoJournal.feeds(journal, d.date)
      Outputs.use("demo", t, Nil, List(Some(trades.toString), Some(quotes.toString))) { o =>
        Blocking(DemoJournal.write(d, o(trades.toString), o(quotes.toString))).as(ExitCode.Success)
      }
    }
    val end = IO.blocking(DemoJournal.end(journal, days.last.date))
    IO(t.out.println()) >> progress.phaseIO("client days")(fresh >> feeds >> end) >>
      ReportStore.open(db, None).use { store =>
        Ingest(store, journal).flatMap(in => progress.phaseIO("ingest")(in.catchUp).as(in)).flatMap { in =>
          store.lastClosedHour.flatMap {
            case None => IO(t.err.println("mvt demo: the client days closed no hour")).as(Cli.Failure)
            case Some(h) =>
              store.day(h).flatMap { ranked =>
                IO {
                  t.out.println(DemoAccounts.report(ranked, Hours.render(h)))
                  t.out.println()
                  t.out.println(
                    s"${DemoJournal.Days} days of client flow are in $journal, their figures in $db."
                  )
                  t.out.flush()
                } >> (if (!serve)
                        IO {
                          t.out.println(
                            s"Serve the client portal over them: mvt serve --journal $journal --db $db"
                          )
                          t.out.println("(or run the demo with --serve)")
                        }.as(ExitCode.Success)
                      else
                        DemoSignIn.serve(store, in, journal, db, port).use { (server, password) =>
                          val url = s"http://127.0.0.1:${server.address.getPort}/"
                          IO {
                            t.out.println(s"The client portal is at $url (account ${ranked.head.account}: " +
                              s"${url}accounts/${ranked.head.account}); Ctrl-C stops it.")
                            t.out.println(
                              s"Sign in as ${DemoSignIn.User} with the password $password (new for this run)."
                            )
                            t.out.flush()
                          } >> IO.never[ExitCode]
                        })
              }
          }
        }
      }.recoverWith {
        case ReportStore.Refused(d) => IO(t.err.println(s"mvt demo: $db: $d")).as(Cli.Failure)
        case PortalServer.CannotListen(d) => IO(t.err.println(s"mvt demo: $d")).as(Cli.Failure)
      }
  }

  def run(commands: Int, profile: WorkloadProfile, seed: Long, baseline: Engine, t: Terminal): IO[ExitCode] =
    Blocking {
      val progress = ProgressBar(t.err)
      t.out.println(
        f"mvt demo: $commands%,d commands of the ${profile.name} profile over ${profile.symbols} symbols, seed $seed\n"
      )
      // a thousand clients with Zipf activity place 80% of the orders, the house the rest
      val clients = AccountMix(1000, houseShare = 0.2)
      val batch =
        progress.phase("generating")(ProfileGenerator.generate(profile, commands, seed, Some(clients))).batch
      progress.phase("warm-up") {
        // a short session of another seed first, so the timed passes run compiled code
        val warm = ProfileGenerator.generate(profile, math.min(commands, 300000), seed + 1).batch
        Vector(Engine.Fast, baseline).foreach(e => (1 to 3).foreach(_ => TimedReplay.run(e, warm)))
      }
      val fast = progress.phase(Engine.Fast.label)(TimedReplay.run(Engine.Fast, batch, progress))
      val base = progress.phase(baseline.label)(TimedReplay.run(baseline, batch, progress))
      t.out.println(DemoReport.events(fast, batch))
      t.out.println()
      t.out.println(DemoReport.throughput(fast, base))
      t.out.println()
      t.out.println(DemoReport.busiestBooks(fast, batch))
      t.out.println()
      val volumes = new ClientVolumes
      progress.phase("trade feed")(batch.replay(new TradingDay(
        Engine.Fast,
        EventSink.Ignore,
        Some(volumes),
        None
      )))
      t.out.println(DemoReport.topClients(volumes))
      t.out.println()
      val (summary, decisions) = progress.phase("trader")(DemoTrader.run(batch))
      t.out.println(DemoTrader.report(summary, decisions))
      t.out.flush()
      if (fast.events.digest == base.events.digest) ExitCode.Success else Cli.Failure
    }
}
