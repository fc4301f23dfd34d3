package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.sweep.SweepRun

import java.nio.file.{Files as JFiles, Path}

/**
 * `mvt worker`: a node that runs backtest sweep jobs for `mvt backtest --cluster`. It joins the cluster at `--seed`,
 * pulls (combination, day) jobs from the coordinator, runs `--parallelism` at once, prints a line per job, and stops
 * once the sweep's client node has left (or on SIGINT/SIGTERM). Wiring only: the protocol is
 * `mvt.sweep`.
 */
object WorkerCommand {

  /** Whom to join, where to listen, how many jobs at once, and where this machine keeps the days. */
  final case class Args(seed: String, host: String, port: Int, parallelism: Int, data: Option[String])

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("worker", "Run backtest sweep jobs for mvt backtest --cluster (joins its cluster).") {
      (
        Opts.option[String](
          "seed",
          "HOST:PORT of the mvt backtest --cluster node to join.",
          metavar = "HOST:PORT"
        )
          .mapValidated(ClusterOpts.hostPort(_).map((h, p) => s"$h:$p")),
        ClusterOpts.host,
        ClusterOpts.port,
        Opts.option[Int]("parallelism", "Jobs run at once (default the core count).", metavar = "N")
          .withDefault(Runtime.getRuntime.availableProcessors)
          .validate("--parallelism must be 1 to 1024")(n => n >= 1 && n <= 1024),
        Opts.option[String](
          "data",
          "Where this machine keeps the days, if not at the paths the backtest node names: a directory.",
          metavar = "DIR"
        ).orNone
      ).mapN(Args.apply).map(run(_, t))
    }

  def run(a: Args, t: Terminal): IO[ExitCode] =
    if (a.data.exists(d => !JFiles.isDirectory(Path.of(d))))
      IO(t.err.println(s"mvt worker: ${a.data.get} is not a directory")).as(Cli.Failure)
    else
      Blocking(SweepRun.worker(
        a.host,
        a.port,
        a.seed,
        a.parallelism,
        SweepRun.daysUnder(a.data.map(Path.of(_))),
        say(t)
      ))
        .flatMap {
          case Left(why) => IO(t.err.println(s"mvt worker: $why")).as(Cli.Failure)
          case Right(()) => IO.pure(ExitCode.Success)
        }

  private def say(t: Terminal)(line: String): Unit = t.out.synchronized { t.out.println(line); t.out.flush() }
}
