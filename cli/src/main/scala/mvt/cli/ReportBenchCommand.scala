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
    Opt.checked(name, s"$help (default $default).", "N", default, f"--$name must be between 1 and $max%,d")(
      (1 to max).contains
    )

  private val live = (
    positive("live-streams", 1000, "With the live part: open event streams, one account each", 10000),
    Opt.double("live-rate", 100000.0, "1", "10000000", Opt.Words.Between, "R")(
      "With the live part: trades written a second (default 100000)."
    ),
    positive("live-seconds", 30, "With the live part: seconds of trades measured", 3600)
  ).mapN(ReportRun.Live.apply)

  private val service = (
    Opt.double("rate", 1000.0, "1", "1000000", Opt.Words.Between, "R")(
      "With the service part: requests a second (default 1000)."
    ),
    positive("requests", 30000, "With the service part: requests to the portal", 100000000),
    positive("naive-requests", 3000, "With the service part: requests to the naive report", 100000000),
    positive("clients", 64, "With the service part: concurrent clients", 10000)
  ).tupled

  private val foldConfig = (
    (
      positive("days", 10, "Trading days generated", 250),
      positive("commands-per-day", 1000000, "Commands a day", 50000000),
      positive("accounts", 10000, "Client accounts placing the orders", 10000000),
      positive("symbols", 20, "Symbols", WorkloadProfile.MaxSymbols),
      ProfileOpts.seed
    ).mapN(ReportFeed.Shape.apply),
    positive("repeat", 5, "Timed passes of each contender", 1000),
    Opt.int("warmup", 2, 0 to 1000, Opt.Words.Between)("Untimed passes before them (default 2)."),
    FeeOpt.opts.withDefault(java.math.BigDecimal.ZERO)
  ).mapN(ReportBench.FoldConfig.apply)

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("report", "Client-report throughput: the fold against the old design, in one run.") {
      (
        Opt.flag("fold")("Run the fold part: trades/s of the pure fold against NaiveTrendReport."),
        Opt.flag("service")("Run the service part: ingest into SQLite (trades/s) and the portal under open-loop load (p50/p99/p99.9), " +
          "each against the old design."),
        Opt.flag("live")("Run the live part alone (--service includes it): open event streams while trades are written to the " +
          "followed journal, the delay from each line's write to its event (p50/p99/p99.9)."),
        live,
        service,
        foldConfig,
        HttpThreadsOpt.opts,
        Opt.json()
      ).mapN(ReportRun.Settings.of).map(ReportRun.command(_, t))
    }
}
