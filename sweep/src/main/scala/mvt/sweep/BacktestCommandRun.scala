package mvt.sweep

import cats.effect.{ExitCode, IO}
import mvt.backtest.BacktestRun
import mvt.cluster.fork.Launcher
import mvt.core.Progress
import mvt.core.console.{Outputs, Status, Terminal}

/** `mvt backtest`'s run: a request checked and planned, its jobs run here or on a cluster, its reports written. */
object BacktestCommandRun {

  /**
   * A run, and the cluster to run its jobs on (seed HOST and PORT) with the workers to fork there, or else how many
   * outside workers to wait for (1 if not given).
   */
  final case class Args(
      request: BacktestRun.Request,
      cluster: Option[(String, Int)],
      workers: Int,
      minWorkers: Option[Int] = None
  )

  /** The args, or why they ask for something that cannot be run (a usage error). */
  def check(a: Args): Either[String, Args] = {
    val r = a.request
    if (r.sweeps.nonEmpty && (r.json.isDefined || r.html.isDefined))
      Left("--json and --html report a single run, not a --sweep")
    else if (a.workers > 0 && a.cluster.isEmpty) Left("--workers needs --cluster HOST:PORT")
    else if (a.minWorkers.isDefined && a.cluster.isEmpty) Left("--min-workers needs --cluster HOST:PORT")
    else if (a.minWorkers.isDefined && a.workers > 0)
      Left("--min-workers is for mvt worker nodes that join; with --workers N the sweep waits for its own N")
    else if (r.sweeps.exists(s => r.params.exists(_._1 == s.name)))
      Left("a parameter is given both by --param and --sweep")
    else Right(a)
  }

  /** Runs `a`, forked workers running `mainClass` of this JVM's class path with a 1 GB heap for their days. */
  def run(a: Args, mainClass: String, bar: Progress, t: Terminal): IO[ExitCode] =
    BacktestRun.plan(a.request) match {
      case Left(e) => IO(t.err.println(s"mvt backtest: $e")).as(Status.Failure)
      case Right(planned) =>
        val where =
          a.cluster.map((host, port) =>
            SweepRun.Where(host, port, a.workers, a.request.parallelism, a.minWorkers.getOrElse(1))
          )
        val launcher = Launcher.thisJvm(mainClass, "-Xmx1g", "-XX:+UseParallelGC")
        val remote = where.map(SweepRun.remote(_, launcher, t.err))
        Outputs.use("backtest", t, planned.inputs, List(a.request.json, a.request.html)) { outputs =>
          BacktestRun.run(planned, remote, bar, t.out, t.err, outputs.text)
        }
    }
}
