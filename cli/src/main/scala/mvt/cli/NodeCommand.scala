package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{NodePipeline, NodeRole, NodeRun}

/**
 * `mvt node`: one node of the trader cluster, run by `mvt.cluster.NodeRun`. A trader node trades its share of the
 * subscriptions until it is stopped (SIGINT or SIGTERM); the exchange node waits for its traders, plays the day
 * through a venue journaling in `--dir` (a restart with the same directory resumes it) and reconciles every
 * balance with the trade feed. Each event goes to stdout as it happens, as a line of text or (`--json`) of JSON.
 */
object NodeCommand {

  /** A trader node's pipeline, as `mvt trade` takes it (defaults: conflate, 1,024, fold, a 10 ms budget). */
  private val pipeline: Opts[NodePipeline.Settings] = TraderOpts.pipeline(
    "conflate",
    TraderOpts.budget(
      "A trader's latency budget: pipeline steps expire at 70/80/90/100% of it (default 10ms)."
    )
      .withDefault(10_000_000L)
  ).map((policy, queue, interpreter, parallelism, budget) =>
    NodePipeline.Settings(policy, queue, interpreter, parallelism, Some(budget))
  )

  private val seeds: Opts[Vector[String]] =
    Opt.texts("seed", "string")(
      "HOST:PORT of a node to join; repeatable. None: this node starts the cluster."
    )
      .mapValidated(_.toVector.traverse(ClusterOpts.seed))

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("role", "string")("exchange or trader.").mapValidated(NodeRole.parse(_).toValidatedNel),
      ClusterOpts.host,
      ClusterOpts.port,
      seeds,
      ClusterOpts.consistency,
      ClusterOpts.accounts,
      ClusterOpts.strategies,
      ClusterOpts.balance,
      Opt.file("data", "DAY")("The exchange's day: a commands file or command log."),
      Opt.file("dir", "DIR")(
        "The node's directory: its durable ledger (DIR/ledger.lmdb) and, for the exchange, the venue's journal (DAY.mvtc, its feeds, the cluster's side file); required for --role exchange. Restarted with the same DIR, a node has its balances back and the exchange resumes the day. A trader without it keeps its ledger in memory only."
      ),
      Opt.number("traders", "integer")(
        "The exchange starts the day once this many traders are up (default 1)."
      )
        .withDefault(1).validate("--traders must be positive")(_ > 0),
      ClusterOpts.speed,
      Opt.file("trades")(
        "The exchange also writes its trade feed (every fill, the traders' included) to FILE."
      ),
      ClusterOpts.downAfter,
      pipeline,
      Opt.flag("json")("Print each event as one JSON line (a NodeEvent), for a parent process to read."),
      Opt.flag("control")("Take cut and heal lines on stdin (Artery's test mode, for a harness)."),
      Opt.file("history")(
        "Append the node's operations (debits, fills, refunds, ...) to FILE, for `mvt cluster check`."
      ),
      ClusterOpts.tls,
      VenueClientsCommand.fixOpts
    ).mapN(NodeRun.Args.of).mapValidated(NodeRun.check(_).toValidatedNel).map(a =>
      // the exchange's FIX gateway, when `--fix-port` asks for one
      NodeRun.command(
        a,
        t,
        mvt.fix.FixGateway.attach(a.fix, java.nio.file.Path.of(a.dir.getOrElse(".")), t.err)
      )
    )
}
