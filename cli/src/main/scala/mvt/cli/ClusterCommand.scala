package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.fork.{ClusterRun, Launcher}

/**
 * `mvt cluster`: a whole trader cluster on loopback, as forked JVMs running `mvt node` (one exchange, N traders;
 * the orchestration is `mvt.cluster.fork.ForkedCluster`). Shows progress on stderr; optionally kills the busiest
 * trader with SIGKILL mid-day (and restarts it); then prints per node what it did, the takeover, the positions
 * against the trade feed, and the exchange's reconciliation of every balance with the trade feed.
 */
object ClusterCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.int("nodes", 3, 1 to 16)("Trader nodes (default 3)."),
      Opt.text("data", "DAY")("The day the exchange replays: a commands file or command log."),
      ClusterOpts.consistency,
      ClusterOpts.accounts,
      ClusterOpts.strategies,
      ClusterOpts.balance,
      ClusterOpts.speed,
      Opt.number("kill-after", "S")(
        "Kill the busiest trader (most fills, then most subscriptions) with SIGKILL this many seconds into the day."
      ).validate("--kill-after must be positive")(_ > 0).orNone,
      ClusterOpts.downAfter,
      Opt.flag("rejoin")("Start the killed trader again once a survivor owns its subscriptions."),
      Opt.file("history", "DIR")(
        "Keep the nodes' histories in DIR (default: a new directory in the system's temporary one)."
      ),
      ClusterOpts.tls,
      Opt.number("partition", "SEED")("Cut a trader (by SEED) from the others for 3-6 s early on.").orNone,
      Opt.file("dir", "DIR")(
        "Keep each node's directory in DIR (the exchange's journal, every node's durable ledger): a run on the same " +
          "DIR has every balance back. Default: temporary, the traders' ledgers in memory."
      )
    ).tupled.map(o => ClusterRun.command(o._2, ClusterRun.plan.tupled(o), launcher, ProgressBar(t.err), t))
      .orElse(ClusterCheckCommand.opts(t))

  /** How the cli starts an `mvt` JVM for a forked node: this JVM's java and class path, a small heap, serial GC. */
  def launcher: Launcher = Launcher.thisJvm("mvt.cli.Main", "-Xmx512m", "-XX:+UseSerialGC")
}
