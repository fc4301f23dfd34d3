package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{Consistency, ReplaySpeed}

import mvt.cluster.fork.{ForkedCluster, Launcher, NodeLines, Phases}

import java.io.PrintStream
import java.nio.file.{Files as JFiles, Path}

/**
 * `mvt cluster`: a whole trader cluster on loopback, as forked JVMs running `mvt node` (one exchange, N traders;
 * the orchestration is `mvt.cluster.fork.ForkedCluster`). Shows progress on stderr; optionally kills the busiest
 * trader with SIGKILL mid-day (and restarts it); then prints per node what it did, the takeover, the positions
 * against the trade feed, and the exchange's reconciliation of every balance with the trade feed.
 */
object ClusterCommand {

  final case class Args(
      nodes: Int,
      day: String,
      mode: Consistency,
      accounts: Int,
      balance: Long,
      speed: ReplaySpeed,
      killAfterSeconds: Option[Int],
      downAfterMillis: Int = ClusterOpts.DefaultDownAfterMillis,
      rejoin: Boolean = false
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "Run a trader cluster on loopback: one exchange and N trader JVMs.") {
      (
        Opts.option[Int]("nodes", "Trader nodes (default 3).", metavar = "N").withDefault(3)
          .validate("--nodes must be 1 to 16")(n => n >= 1 && n <= 16),
        Opts.option[String](
          "data",
          "The day the exchange replays: a commands file or command log.",
          metavar = "DAY"
        ),
        ClusterOpts.consistency,
        ClusterOpts.accounts,
        ClusterOpts.balance,
        ClusterOpts.speed,
        Opts.option[Int](
          "kill-after",
          "Kill the busiest trader (most fills, then most subscriptions) with SIGKILL this many seconds into the day.",
          metavar = "S"
        )
          .validate("--kill-after must be positive")(_ > 0)
          .orNone,
        ClusterOpts.downAfter,
        Opts.flag("rejoin", "Start the killed trader again once a survivor owns its subscriptions.").orFalse
      ).mapN(Args.apply).map(run(_, t))
    }

  /** How the cli starts an `mvt` JVM for a forked node: this JVM's java and class path, a small heap, serial GC. */
  def launcher: Launcher =
    Launcher(
      Vector(
        Path.of(System.getProperty("java.home"), "bin", "java").toString,
        "-Xmx512m",
        "-XX:+UseSerialGC",
        "-cp",
        System.getProperty("java.class.path"),
        "mvt.cli.Main"
      )
    )

  /** A forked run's phases on the progress bar. */
  def phases(progress: ProgressBar): Phases = new Phases {
    def phase[A](name: String)(body: => A): A = progress.phase(name)(body)
  }

  def run(a: Args, t: Terminal): IO[ExitCode] =
    if (!JFiles.isReadable(Path.of(a.day)))
      IO(t.err.println(s"mvt cluster: cannot read ${a.day}")).as(Cli.Failure)
    else
      Blocking {
        val plan = ForkedCluster.Plan(
          Path.of(a.day),
          a.nodes,
          a.mode,
          a.accounts,
          a.balance,
          a.speed,
          a.killAfterSeconds,
          a.rejoin,
          a.downAfterMillis
        )
        val outcome =
          ForkedCluster.run(launcher, plan, phases(ProgressBar(t.err)), s"cluster (${a.mode.label})")
        report(outcome, t.out)
        if (outcome.exchangeStatus == 0) ExitCode.Success else Cli.Failure
      }

  /**
   * What `mvt cluster` prints of a run: per trader what it did, the takeover, the restart, per live trader whether
   * its positions equal the trade feed's for every subscription it owns, and the exchange's reconciliation.
   */
  def report(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    val p = o.plan
    out.println(s"mvt cluster: ${p.nodes} traders, consistency ${p.mode.label}, ${p.accounts} accounts")
    def describe(n: ForkedCluster.Captured, mark: String): Unit = {
      val owns = n.lines.filter(_.startsWith("owns ")).lastOption.getOrElse("owns nothing")
      val status = n.lines.filter(_.startsWith("status ")).lastOption.getOrElse("status none")
      out.println(s"${n.name}$mark: ${status.stripPrefix("status ")}; last ${owns.takeWhile(_ != ':')}")
    }
    o.traders.indices.foreach(i => describe(o.traders(i), if (o.victim.contains(i)) " (killed)" else ""))
    o.restarted.foreach(describe(_, " (restarted)"))
    if (o.victim.isDefined) o.takeoverMillis match {
      case Some(ms) => out.println(s"takeover: survivors re-shared the subscriptions $ms ms after the kill")
      case None => out.println("takeover: no survivor re-shared the subscriptions")
    }
    o.restarted.foreach { n =>
      val back = n.lines.exists(l => l.startsWith("owns ") && !l.startsWith("owns 0 "))
      out.println(s"rejoin: ${n.name} ${if (back) "owns subscriptions again" else "owns none"}")
    }
    val byFeed = NodeLines.exchangePositions(o.exchange.lines)
    o.live.foreach { n =>
      val owned = NodeLines.ownedLabels(n.lines)
      val held = NodeLines.traderPositions(n.lines)
      val fromExchange = n.lines.count(_.startsWith("position "))
      val differ = owned.filter(l => held.get(l) != byFeed.get(l))
      out.println(
        s"positions ${n.name}: ${owned.size} owned, $fromExchange started from the exchange's position, " +
          s"equal to the trade feed: ${differ.isEmpty}"
      )
      differ.foreach(l =>
        out.println(
          s"  $l: ${held.getOrElse(l, "flat")} held, ${byFeed.getOrElse(l, "flat")} by the trade feed"
        )
      )
    }
    o.exchange.lines.filter(l => l.startsWith("account ") || l.startsWith("orders") || l.startsWith("day "))
      .foreach(l => out.println(s"exchange: $l"))
    if (o.exchangeStatus != 0) out.println(s"exchange failed: ${o.exchange.lines.mkString("\n")}")
    out.flush()
  }
}
