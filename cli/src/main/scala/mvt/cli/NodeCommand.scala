package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{
  ClusterNode,
  Consistency,
  ExchangeNode,
  NodePipeline,
  ReplaySpeed,
  Subscription,
  TraderNode
}
import mvt.core.TradeFeedWriter

import scala.concurrent.duration.*

/**
 * `mvt node`: one node of the trader cluster. A trader node trades its share of the subscriptions until it is
 * stopped (SIGINT or SIGTERM); the exchange node waits for its traders, plays the day with their orders matched on
 * its engine, reconciles every balance with the trade feed, prints that and leaves. Every line goes to stdout as
 * it happens.
 */
object NodeCommand {

  /** How one node is run: its role, where it listens, whom it joins, and the day for an exchange. */
  final case class Args(
      role: String,
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
      pipeline: NodePipeline.Settings
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
        Opts.option[String]("role", "exchange or trader.").mapValidated { r =>
          if (r == ExchangeNode.Role || r == TraderNode.Role) r.validNel
          else s"unknown role '$r' (expected exchange|trader)".invalidNel
        },
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
        pipelineOpts
      ).mapN(Args.apply).mapValidated { a =>
        if (a.role == ExchangeNode.Role && a.day.isEmpty) "--data is required for --role exchange".invalidNel
        else a.validNel
      }.map(run(_, t))
    }

  /** The settings of a node run by the cli: Pekko's split-brain resolver removes a node silent for `--down-after`. */
  def settings(a: Args): ClusterNode.Settings =
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
      pipeline = a.pipeline
    )

  def run(a: Args, t: Terminal): IO[ExitCode] = {
    def say(line: String): Unit = t.out.synchronized {
      t.out.println(line)
      t.out.flush()
    }
    a.day match {
      case Some(path) =>
        Outputs.use("node", t, List(path), List(a.trades)) { outputs =>
          Files.withInput(path, t) { in =>
            Blocking {
              val trades = outputs.get(a.trades).map(new TradeFeedWriter(_))
              val node = ClusterNode.start(settings(a), say)
              try {
                say(s"node ${node.name} up: exchange, ${a.mode.label}, speed ${a.speed.label}")
                while (node.tradersUp < a.traders) Thread.sleep(50)
                say(s"day started with ${node.tradersUp} traders")
                val played = node.playDay(in, a.speed, trades, 30.seconds)
                trades.foreach(_.flush())
                played.foreach { o =>
                  val d = o.day
                  say(f"day played: ${o.commands}%,d commands")
                  o.reconciliation.foreach(r =>
                    say(
                      s"account ${r.account} provisioned=${r.provisioned} spent=${r.spent} received=${r.received} " +
                        s"balance=${r.balance} missing=${r.missing}"
                    )
                  )
                  d.feed.byNode.toVector.sorted.foreach((n, c) => say(s"orders-from $n debited=$c"))
                  // each subscription's net position by the fills: what its owner's desk must hold
                  d.positions.foreach { (sub, hs) =>
                    val held =
                      hs.filter(_.position != 0L).sortBy(_.symbol).map(h => s"${h.symbol}=${h.position}")
                    if (held.nonEmpty) say(s"position ${sub.label} ${held.mkString(",")}")
                  }
                  say(
                    s"orders ${d.feed.orders} cancels ${d.feed.cancels} duplicates ${d.feed.duplicates} " +
                      s"fills ${d.fills.fills} refused ${d.refused} credited ${d.credited} " +
                      s"adopted-replicas ${d.replicasAdopted} adopted-debits ${d.adopted} positions-handed ${d.positionsHanded} " +
                      s"refused-not-owner ${d.refusedNotOwner} reconciled ${o.reconciled}"
                  )
                }
                played
              } finally node.close()
            }
          }.flatMap {
            case Left(code) => IO.pure(code)
            case Right(Left(e)) => Files.sourceError(e, "node", path, t)
            case Right(Right(_)) => IO.pure(ExitCode.Success)
          }
        }
      case None =>
        Blocking {
          val node = ClusterNode.start(settings(a), say)
          say(s"node ${node.name} up at ${System.currentTimeMillis}: trader, ${a.mode.label}")
          val accounts = node.settings.subscriptions.map(_.account).distinct
          var caughtUp = false
          var ticks = 0
          // runs until a signal stops the JVM: a trader node has no end of its own
          while (true) {
            Thread.sleep(50)
            // a node that joins a running cluster has caught up once its replica knows every account's balance
            if (!caughtUp && accounts.forall(acc => node.ledger.balance(acc) != 0L)) {
              caughtUp = true
              say(s"caught-up at ${System.currentTimeMillis}: the replica holds every account's balance")
            }
            ticks += 1
            if (ticks % 20 == 0) {
              say(s"status ${node.counters.render}")
              say(s"positions ${node.counters.positions}".trim)
            }
          }
          ExitCode.Success
        }
    }
  }
}
