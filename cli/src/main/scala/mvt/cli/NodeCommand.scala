package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{
  ClusterNode,
  Consistency,
  NodeEvent,
  NodePipeline,
  NodeRole,
  NodeRun,
  ReplaySpeed,
  Subscription
}
import mvt.core.TradeFeedWriter

import scala.concurrent.duration.*

/**
 * `mvt node`: one node of the trader cluster, run by `mvt.cluster.NodeRun`. A trader node trades its share of the
 * subscriptions until it is stopped (SIGINT or SIGTERM); the exchange node waits for its traders, plays the day
 * and reconciles every balance with the trade feed. Each event goes to stdout as it happens, as a line of text or
 * (`--json`) of JSON.
 */
object NodeCommand {

  /** How one node is run: its role, where it listens, whom it joins, and the day for an exchange. */
  final case class Args(
      role: NodeRole,
      host: String,
      port: Int,
      seeds: Vector[String],
      mode: Consistency,
      accounts: Int,
      balance: Long,
      day: Option[String],
      traders: Int,
      speed: ReplaySpeed,
      trades: Option[String],
      downAfterMillis: Int,
      pipeline: NodePipeline.Settings,
      json: Boolean,
      history: Option[String] = None,
      tls: Option[TlsFiles] = None
  )

  /** A trader node's pipeline, as `mvt trade` takes it (defaults: conflate, 1,024, fold, a 10 ms budget). */
  private val pipelineOpts: Opts[NodePipeline.Settings] = (
    TraderOpts.one(TraderOpts.policies("conflate", list = false), "policy"),
    TraderOpts.one(TraderOpts.queues("1024", list = false), "queue"),
    TraderOpts.one(TraderOpts.interpreters("fold", list = false), "interpreter"),
    TraderOpts.parallelism,
    TraderOpts.budget(
      "A trader's latency budget: pipeline steps expire at 70/80/90/100% of it (default 10ms)."
    )
      .withDefault(10_000_000L)
  ).mapN((policy, queue, interpreter, parallelism, budget) =>
    NodePipeline.Settings(policy, queue, interpreter, parallelism, Some(budget))
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("node", "Start one node of the trader cluster (exchange or trader).") {
      (
        Opts.option[String]("role", "exchange or trader.").mapValidated(NodeRole.parse(_).toValidatedNel),
        Opts.option[String]("host", "Address to listen on (default 127.0.0.1).").withDefault("127.0.0.1"),
        Opts.option[Int]("port", "Port to listen on (default 0: any free port).").withDefault(0)
          .validate("--port must be 0 to 65535")(p => p >= 0 && p < 65536),
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
        Opts.flag("json", "Print each event as one JSON line (a NodeEvent), for a parent process to read.").orFalse,
        Opts.option[String](
          "history",
          "Append the node's operations (debits, fills, refunds, ...) to FILE, for `mvt cluster check`.",
          metavar = "FILE"
        ).orNone,
        TlsFiles.opts
      ).mapN(Args.apply).mapValidated { a =>
        if (a.role == NodeRole.Exchange && a.day.isEmpty) "--data is required for --role exchange".invalidNel
        else if (a.tls.isEmpty && !loopback(a.host))
          s"--host ${a.host}: without --tls-keystore a node listens on loopback only".invalidNel
        else a.validNel
      }.map(run(_, t))
    }

  // a name that is loopback without asking a resolver (a node without TLS must not be reachable from elsewhere)
  private def loopback(host: String): Boolean =
    host == "localhost" || host == "::1" || host == "[::1]" || host.startsWith("127.")

  /** The settings of a node run by the cli: Pekko's split-brain resolver removes a node silent for `--down-after`. */
  def settings(a: Args, tls: Option[mvt.cluster.ArteryTls] = None): ClusterNode.Settings =
    ClusterNode.Settings(
      a.role,
      a.host,
      a.port,
      a.seeds,
      a.mode,
      Subscription.accounts(a.accounts, "spread-capture"),
      a.balance,
      publishEvery = 20.millis,
      writeTimeout = 2.seconds,
      downAfter = Some(a.downAfterMillis.millis),
      testMode = false,
      pipeline = a.pipeline,
      history = a.history.map(java.nio.file.Path.of(_)),
      tls = tls
    )

  def run(a: Args, t: Terminal): IO[ExitCode] = {
    def report(e: NodeEvent): Unit = t.out.synchronized {
      t.out.println(if (a.json) NodeEvent.toJson(e) else e.render)
      t.out.flush()
    }
    // the password is read from its file here; a file that is missing or empty ends the run before it starts
    val tls = a.tls.traverse(_.load)
    def started[A](body: ClusterNode => A): IO[Either[String, A]] =
      tls.fold(
        why => IO.pure(Left(why)),
        tls =>
          Blocking(NodeRun.start(settings(a, tls), report).map { node =>
            if (tls.isEmpty)
              t.err.println(
                s"mvt node: no TLS: listening on ${node.name} (loopback only); give --tls-keystore and " +
                  "--tls-password-file to let nodes of other hosts in"
              )
            try body(node)
            finally node.close()
          })
      )
    def cannotStart(why: String) = IO(t.err.println(s"mvt node: $why")).as(Cli.Failure)
    a.day match {
      case Some(path) =>
        Outputs.use("node", t, List(path), List(a.trades)) { outputs =>
          Files.withInput(path, t) { in =>
            started(NodeRun.exchange(
              _,
              a.traders,
              a.speed,
              in,
              outputs.get(a.trades).map(new TradeFeedWriter(_)),
              report
            ))
          }.flatMap {
            case Left(code) => IO.pure(code)
            case Right(Left(why)) => cannotStart(why)
            case Right(Right(Left(e))) => Files.sourceError(e, "node", path, t)
            case Right(Right(Right(_))) => IO.pure(ExitCode.Success)
          }
        }
      // runs until a signal stops the JVM
      case None => started(NodeRun.trader(_, report, () => false)).flatMap(_.fold(
          cannotStart,
          _ => IO.pure(ExitCode.Success)
        ))
    }
  }
}
