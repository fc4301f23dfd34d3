package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.report.{ReportBench, ReportFeed, ReportRun}
import mvt.workload.WorkloadProfile

/**
 * `mvt bench report`: the client reports measured against the old design in the same run. `--fold` is the pure
 * fold's part, `--service` the SQLite ingest (trades/s), the portal under load (p50/p99/p99.9) and the live
 * updates (`--live` alone: the delay from a feed line's write to its Server-Sent Event); each prints its table
 * and adds its key to the JSON document. With no part named, every part runs.
 */
object ReportBenchCommand {

  private def positive(name: String, default: Int, help: String, max: Int): Opts[Int] =
    Opts.option[Int](name, s"$help (default $default).", metavar = "N")
      .withDefault(default)
      .validate(f"--$name must be between 1 and $max%,d")(n => n >= 1 && n <= max)

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("report", "Client-report throughput: the fold against the old design, in one run.") {
      (
        Opts.flag("fold", "Run the fold part: trades/s of the pure fold against NaiveTrendReport.").orFalse,
        Opts.flag(
          "service",
          "Run the service part: ingest into SQLite (trades/s) and the portal under open-loop load (p50/p99/p99.9), " +
            "each against the old design."
        ).orFalse,
        Opts.flag(
          "live",
          "Run the live part alone (--service includes it): open event streams while trades are written to the " +
            "followed journal, the delay from each line's write to its event (p50/p99/p99.9)."
        ).orFalse,
        positive("live-streams", 1000, "With the live part: open event streams, one account each", 10000),
        Opts.option[Double](
          "live-rate",
          "With the live part: trades written a second (default 100000).",
          metavar = "R"
        )
          .withDefault(100000.0)
          .validate("--live-rate must be between 1 and 10000000")(r => r >= 1 && r <= 10000000),
        positive("live-seconds", 30, "With the live part: seconds of trades measured", 3600),
        Opts.option[Double]("rate", "With the service part: requests a second (default 1000).", metavar = "R")
          .withDefault(1000.0)
          .validate("--rate must be between 1 and 1000000")(r => r >= 1 && r <= 1000000),
        positive("requests", 30000, "With the service part: requests to the portal", 100000000),
        positive("naive-requests", 3000, "With the service part: requests to the naive report", 100000000),
        positive("clients", 64, "With the service part: concurrent clients", 10000),
        positive("days", 10, "Trading days generated", 250),
        positive("commands-per-day", 1000000, "Commands a day", 50000000),
        positive("accounts", 10000, "Client accounts placing the orders", 10000000),
        positive("symbols", 20, "Symbols", WorkloadProfile.MaxSymbols),
        ProfileOpts.seed,
        positive("repeat", 5, "Timed passes of each contender", 1000),
        Opts.option[Int]("warmup", "Untimed passes before them (default 2).", metavar = "N")
          .withDefault(2)
          .validate("--warmup must be between 0 and 1000")(n => n >= 0 && n <= 1000),
        FeeOpt.opts.withDefault(java.math.BigDecimal.ZERO),
        HttpThreadsOpt.opts,
        BenchCommand.json()
      ).mapN {
        (
            fold,
            service,
            liveOnly,
            liveStreams,
            liveRate,
            liveSeconds,
            rate,
            requests,
            naiveRequests,
            clients,
            days,
            perDay,
            accounts,
            symbols,
            seed,
            repeats,
            warmups,
            fee,
            httpThreads,
            json
        ) =>
          val shape = ReportFeed.Shape(days, perDay, accounts, symbols, seed)
          val settings = ReportRun.Settings(
            fold,
            service,
            liveOnly,
            ReportRun.Live(liveStreams, liveRate, liveSeconds),
            ReportRun.Service(rate, requests, naiveRequests, clients, httpThreads),
            ReportBench.FoldConfig(shape, repeats, warmups, fee),
            json
          )
          BenchCommand.use("report", t, Nil, List(json))(c =>
            Blocking(ReportRun(settings, c)).map {
              case Some(why) =>
                t.err.println(s"mvt bench report: the live updates could not be measured: $why")
                Cli.Failure
              case None => ExitCode.Success
            }
          )
      }
    }
}
