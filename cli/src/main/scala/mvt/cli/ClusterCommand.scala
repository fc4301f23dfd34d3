package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{Consistency, DayReplay, ReplaySpeed}

import mvt.cluster.fork.{ClusterReport, ForkedCluster, Launcher, Phases}
import mvt.cluster.history.{CheckReport, HistoryChecker}

import java.io.PrintStream
import java.nio.file.Path

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
      rejoin: Boolean = false,
      history: Option[String] = None,
      tls: Option[TlsFiles] = None
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
        Opts.flag("rejoin", "Start the killed trader again once a survivor owns its subscriptions.").orFalse,
        Opts.option[String](
          "history",
          "Keep the nodes' histories in DIR (default: a new directory in the system's temporary one).",
          metavar = "DIR"
        ).orNone,
        TlsFiles.opts
      ).mapN(Args.apply).map(run(_, t)).orElse(ClusterCheckCommand.opts(t))
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

  /** Checks the day (a bad line ends it here, with status 2 naming file and line), then runs the cluster. */
  def run(a: Args, t: Terminal): IO[ExitCode] =
    Files.withInput(a.day, t)(in => Blocking(DayReplay.check(in))).flatMap {
      case Left(code) => IO.pure(code)
      case Right(Left(e)) => Files.sourceError(e, "cluster", a.day, t)
      case Right(Right(_)) =>
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
            a.downAfterMillis,
            Some(a.history.fold(java.nio.file.Files.createTempDirectory("mvt-cluster-history"))(Path.of(_))),
            a.tls.fold(Vector.empty)(_.args)
          )
          val outcome =
            ForkedCluster.run(launcher, plan, phases(ProgressBar(t.err)), s"cluster (${a.mode.label})")
          report(outcome, t.out)
          history(outcome, t.out)
          if (outcome.exchangeStatus == 0) ExitCode.Success else Cli.Failure
        }
    }

  /** Where the nodes' histories are, and the checker's report on them. */
  def history(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    val overspendAllowed = o.plan.mode == Consistency.Local
    out.println(s"histories: ${o.historyFiles.mkString(" ")}")
    o.history match {
      case Left(why) => out.println(s"history check: $why")
      case Right(ops) =>
        CheckReport
          .render(HistoryChecker.check(ops), ops.size, overspendAllowed)
          .foreach(l => out.println(s"history check: $l"))
    }
    out.flush()
  }

  /** What `mvt cluster` prints of a run (`mvt.cluster.fork.ClusterReport`). */
  def report(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    ClusterReport.lines(o).foreach(out.println)
    out.flush()
  }
}
