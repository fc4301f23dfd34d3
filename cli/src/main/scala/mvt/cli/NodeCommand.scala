package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{ClusterNode, NodePipeline, NodeRole, NodeRun, ReplaySpeed}

/**
 * `mvt node`: one node of the trader cluster, run by `mvt.cluster.NodeRun`. A trader node trades its share of the
 * subscriptions until it is stopped (SIGINT or SIGTERM); the exchange node waits for its traders, plays the day
 * through a venue journaling in `--dir` (a restart with the same directory resumes it) and reconciles every
 * balance with the trade feed. Each event goes to stdout as it happens, as a line of text or
 * (`--json`) of JSON.
 */
object NodeCommand {

  /** How one node is run: its settings, and for an exchange its day, traders, pace and trade feed. */
  final case class Args(
      node: ClusterNode.Settings,
      day: Option[String],
      dir: Option[String],
      traders: Int,
      speed: ReplaySpeed,
      trades: Option[String],
      json: Boolean,
      tls: Option[TlsFiles],
      fix: Option[(Int, java.nio.file.Path, String)]
  )

  /** A trader node's pipeline, as `mvt trade` takes it (defaults: conflate, 1,024, fold, a 10 ms budget). */
  private val pipelineOpts: Opts[NodePipeline.Settings] =
    TraderOpts.pipeline(
      "conflate",
      TraderOpts.budget(
        "A trader's latency budget: pipeline steps expire at 70/80/90/100% of it (default 10ms)."
      ).withDefault(10_000_000L)
    ).map((policy, queue, interpreter, parallelism, budget) =>
      NodePipeline.Settings(policy, queue, interpreter, parallelism, Some(budget))
    )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("node", "Start one node of the trader cluster (exchange or trader).") {
      (
        Opts.option[String]("role", "exchange or trader.").mapValidated(NodeRole.parse(_).toValidatedNel),
        ClusterOpts.host,
        ClusterOpts.port,
        Opts.options[String](
          "seed",
          "HOST:PORT of a node to join; repeatable. None: this node starts the cluster."
        )
          .orEmpty
          .mapValidated(_.traverse(ClusterOpts.hostPort).map(_.map((h, p) => s"$h:$p").toVector)),
        ClusterOpts.consistency,
        ClusterOpts.accounts,
        ClusterOpts.balance,
        Opts.option[String]("data", "The exchange's day: a commands file or command log.", metavar = "DAY").orNone,
        Opts.option[String](
          "dir",
          "The exchange's venue journal directory (DAY.mvtc, its feeds, the cluster's side file); required for --role exchange. Restarted with the same DIR, the exchange resumes the day.",
          metavar = "DIR"
        ).orNone,
        Opts.option[Int]("traders", "The exchange starts the day once this many traders are up (default 1).")
          .withDefault(1)
          .validate("--traders must be positive")(_ > 0),
        ClusterOpts.speed,
        Opts.option[String](
          "trades",
          "The exchange also writes its trade feed (every fill, the traders' included) to FILE.",
          metavar = "FILE"
        ).orNone,
        ClusterOpts.downAfter,
        pipelineOpts,
        Opts.flag("json", "Print each event as one JSON line (a NodeEvent), for a parent process to read.").orFalse,
        Opts.option[String](
          "history",
          "Append the node's operations (debits, fills, refunds, ...) to FILE, for `mvt cluster check`.",
          metavar = "FILE"
        ).orNone,
        TlsFiles.opts,
        VenueClientsCommand.fixOpts
      ).mapN {
        (
            role,
            host,
            port,
            seeds,
            mode,
            accounts,
            balance,
            day,
            dir,
            traders,
            speed,
            trades,
            downAfter,
            pipeline,
            json,
            history,
            tls,
            fix
        ) =>
          val node = NodeRun.settings(role, host, port, seeds, mode, accounts, balance, downAfter, pipeline)
            .copy(history = history.map(java.nio.file.Path.of(_)))
          Args(node, day, dir, traders, speed, trades, json, tls, fix)
      }.mapValidated { a =>
        if (a.node.role == NodeRole.Exchange && a.day.isEmpty)
          "--data is required for --role exchange".invalidNel
        else if (a.node.role == NodeRole.Exchange && a.dir.isEmpty)
          "--dir is required for --role exchange".invalidNel
        else if (a.node.role != NodeRole.Exchange && a.fix.isDefined)
          "--fix-port is for --role exchange only".invalidNel
        else if (a.tls.isEmpty && !loopback(a.node.host))
          s"--host ${a.node.host}: without --tls-keystore a node listens on loopback only".invalidNel
        else a.validNel
      }.map(run(_, t))
    }

  // a name that is loopback without asking a resolver (a node without TLS must not be reachable from elsewhere)
  private def loopback(host: String): Boolean =
    host == "localhost" || host == "::1" || host == "[::1]" || host.startsWith("127.")

  def run(a: Args, t: Terminal): IO[ExitCode] =
    // the password is read from its file here; a file that is missing or empty ends the run before it starts
    a.tls.traverse(_.load) match {
      case Left(why) => IO(t.err.println(s"mvt node: $why")).as(Cli.Failure)
      case Right(tls) => runWith(a, a.node.copy(tls = tls), t)
    }

  private def runWith(a: Args, node: ClusterNode.Settings, t: Terminal): IO[ExitCode] = {
    val report = NodeRun.printer(t.out, a.json)
    def noted[A](body: ClusterNode => A): ClusterNode => A = { n =>
      if (node.tls.isEmpty)
        t.err.println(
          s"mvt node: no TLS: listening on ${n.name} (loopback only); give --tls-keystore and " +
            "--tls-password-file to let nodes of other hosts in"
        )
      body(n)
    }
    def cannotStart(why: String) = IO(t.err.println(s"mvt node: $why")).as(Cli.Failure)
    (a.day, a.dir) match {
      case (Some(path), Some(_)) if !java.nio.file.Files.isReadable(java.nio.file.Paths.get(path)) =>
        IO(t.err.println(s"mvt node: $path: cannot read the day")).as(Cli.Failure)
      case (Some(path), Some(dir)) =>
        NodeRun.exchangePlan(java.nio.file.Paths.get(path), java.nio.file.Paths.get(dir), a.speed) match {
          case Left(why) => IO(t.err.println(s"mvt node: $why")).as(Cli.BadData)
          case Right(plan) =>
            Outputs.use("node", t, List(path), List(a.trades)) { outputs =>
              def log(line: String): Unit = { t.err.println(s"mvt node: $line"); t.err.flush() }
              val settings = node.copy(provision = !plan.resumes)
              Blocking(NodeRun.using(settings, report)(noted(NodeRun.exchange(
                _,
                a.traders,
                a.speed,
                plan,
                report,
                log,
                mvt.fix.FixGateway.attach(a.fix, java.nio.file.Paths.get(dir), t.err)
              ))))
                .flatMap {
                  case Left(why) => cannotStart(why)
                  case Right(Left(why)) => IO(t.err.println(s"mvt node: $why")).as(Cli.BadData)
                  // the venue's own trade feed, copied where --trades asks
                  case Right(Right(_)) =>
                    IO.blocking(outputs.get(a.trades).foreach(plan.copyTrades)).as(ExitCode.Success)
                }
            }
        }
      // runs until a signal stops the JVM
      case _ =>
        Blocking(NodeRun.using(node, report)(noted(NodeRun.trader(_, report, () => false))))
          .flatMap(_.fold(cannotStart, _ => IO.pure(ExitCode.Success)))
    }
  }
}
