package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{ClusterNode, NodePipeline, NodeRole, NodeRun, ReplaySpeed}
import mvt.core.TradeFeedWriter

/**
 * `mvt node`: one node of the trader cluster, run by `mvt.cluster.NodeRun`. A trader node trades its share of the
 * subscriptions until it is stopped (SIGINT or SIGTERM); the exchange node waits for its traders, plays the day
 * and reconciles every balance with the trade feed. Each event goes to stdout as it happens, as a line of text or
 * (`--json`) of JSON.
 */
object NodeCommand {

  /** How one node is run: its settings, and for an exchange its day, traders, pace and trade feed. */
  final case class Args(
      node: ClusterNode.Settings,
      day: Option[String],
      traders: Int,
      speed: ReplaySpeed,
      trades: Option[String],
      json: Boolean
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
        Opts.flag("json", "Print each event as one JSON line (a NodeEvent), for a parent process to read.").orFalse
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
            traders,
            speed,
            trades,
            downAfter,
            pipeline,
            json
        ) =>
          val node = NodeRun.settings(role, host, port, seeds, mode, accounts, balance, downAfter, pipeline)
          Args(node, day, traders, speed, trades, json)
      }.mapValidated { a =>
        if (a.node.role == NodeRole.Exchange && a.day.isEmpty)
          "--data is required for --role exchange".invalidNel
        else a.validNel
      }.map(run(_, t))
    }

  def run(a: Args, t: Terminal): IO[ExitCode] = {
    val (report, settings) = (NodeRun.printer(t.out, a.json), a.node)
    def cannotStart(why: String) = IO(t.err.println(s"mvt node: $why")).as(Cli.Failure)
    a.day match {
      case Some(path) =>
        Outputs.use("node", t, List(path), List(a.trades)) { outputs =>
          def trades = outputs.get(a.trades).map(new TradeFeedWriter(_))
          Files.withInput(path, t)(in =>
            Blocking(NodeRun.using(settings, report)(NodeRun.exchange(
              _,
              a.traders,
              a.speed,
              in,
              trades,
              report
            )))
          ).flatMap {
            case Left(code) => IO.pure(code)
            case Right(Left(why)) => cannotStart(why)
            case Right(Right(Left(e))) => Files.sourceError(e, "node", path, t)
            case Right(Right(Right(_))) => IO.pure(ExitCode.Success)
          }
        }
      // runs until a signal stops the JVM
      case None =>
        Blocking(NodeRun.using(settings, report)(NodeRun.trader(_, report, () => false)))
          .flatMap(_.fold(cannotStart, _ => IO.pure(ExitCode.Success)))
    }
  }
}
