package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.sweep.SweepRun

/**
 * `mvt worker`: a node that runs backtest sweep jobs for `mvt backtest --cluster`. It joins the cluster at `--seed`,
 * pulls (combination, day) jobs from the coordinator, runs `--parallelism` at once, prints a line per job, and stops
 * once the sweep's client node has left (or on SIGINT/SIGTERM). Wiring only: the protocol is `mvt.sweep`.
 */
object WorkerCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("seed", "HOST:PORT")("HOST:PORT of the mvt backtest --cluster node to join.")
        .mapValidated(ClusterOpts.seed),
      ClusterOpts.host,
      ClusterOpts.port,
      Opt.int("parallelism", Runtime.getRuntime.availableProcessors, 1 to 1024)(
        "Jobs run at once (default the core count)."
      ),
      Opt.file("data", "DIR")(
        "Where this machine keeps the days, if not at the paths the backtest node names: a directory."
      )
    ).mapN((seed, host, port, parallelism, data) =>
      SweepRun.workerCommand(host, port, seed, parallelism, data, t)
    )
}
