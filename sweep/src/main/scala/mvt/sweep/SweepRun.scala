package mvt.sweep

import cats.effect.{ExitCode, IO, Resource}
import mvt.core.RunFailure
import mvt.core.console.{Blocking, Status, Terminal}
import mvt.backtest.{BacktestRun, DayFailure, DayFile, DayResult}
import mvt.cluster.fork.Launcher

import java.io.PrintStream
import java.nio.file.Path
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*

/**
 * A sweep's whole life on a cluster. The client side (`mvt backtest --cluster HOST:PORT`): this process starts the
 * cluster's first node on HOST:PORT (the seed, where the coordinator singleton runs), forks `workers` loopback
 * worker JVMs or waits for workers started elsewhere, submits the plan and waits for every job's outcome. The
 * worker side (`mvt worker`): joins, runs jobs until the client has left.
 */
object SweepRun {

  /**
   * Where to run: the seed address, the workers to fork here (0: wait for outside ones) and their parallelism, and
   * how many outside workers must have joined before the first job (when none are forked).
   */
  final case class Where(host: String, port: Int, workers: Int, parallelism: Int, outside: Int)

  /** `mvt backtest`'s jobs run by [[client]] on the cluster `where`. */
  def remote(where: Where, launcher: Launcher, err: PrintStream): BacktestRun.Remote =
    (specs, days, setup, progress) => client(where, SweepPlan(specs, days, setup), launcher, progress, err)

  /**
   * The outcome of each job of `plan`, in job order, or why the cluster could not run it; `progress` is told the
   * count done. Membership changes and the coordinator's counts go to `err`; `launcher` starts a worker JVM.
   */
  def client(
      where: Where,
      plan: SweepPlan,
      launcher: Launcher,
      progress: Int => Unit,
      err: PrintStream
  ): IO[Either[String, Vector[Either[DayFailure, DayResult]]]] = {
    @volatile var quiet =
      false // the members' comings and goings once the sweep is over are only its shutdown
    def say(line: String): Unit =
      if (!quiet) err.synchronized { err.println(s"  cluster: $line"); err.flush() }
    val started = IO.blocking {
      try Right(SweepNode.start(where.host, where.port, Vector.empty, Seq(SweepNode.ClientRole)))
      catch {
        case e: Exception =>
          Left(s"cannot start the cluster's node on ${where.host}:${where.port}: ${e.getMessage}")
      }
    }
    // the node leaves before the forked workers are stopped, so the cluster sees a leave, not a crash
    val cluster = Resource.make(started.flatMap {
      case Left(e) => IO.pure(Left(e))
      case Right(n) =>
        IO.blocking {
          try Right((n, fork(launcher, n.name, where)))
          catch {
            case e: java.io.IOException =>
              n.close()
              Left(s"cannot start the worker JVMs: ${e.getMessage}")
          }
        }
    }) {
      case Left(_) => IO.unit
      case Right((n, procs)) =>
        IO.blocking {
          quiet = true
          n.close()
          // the cluster is over: a worker's own goodbye would only make this command wait for it
          procs.foreach(_.destroy())
          procs.foreach(p => if (!p.waitFor(10, SECONDS)) { p.destroyForcibly(); () })
        }
    }
    cluster.use {
      case Left(e) => IO.pure(Left(e))
      case Right((n, procs)) => IO.blocking(submit(n, procs, where, plan, progress, say))
    }
  }

  private def submit(
      n: SweepNode,
      procs: Vector[Process],
      where: Where,
      plan: SweepPlan,
      progress: Int => Unit,
      say: String => Unit
  ): Either[String, Vector[Either[DayFailure, DayResult]]] = {
    n.watchMembers(say)
    val want = if (where.workers > 0) where.workers else math.max(1, where.outside)
    val outside = if (where.workers == 0) s" (mvt worker --seed ${n.name})" else ""
    say(s"node ${n.name}; waiting for $want worker(s)$outside")
    val t0 = System.nanoTime()
    while (n.workersUp < want && (where.workers == 0 || procs.exists(_.isAlive))) Thread.sleep(50)
    if (n.workersUp < want) Left("the worker JVMs exited before joining the cluster")
    else {
      say(f"${n.workersUp} worker(s) up after ${(System.nanoTime() - t0) / 1e6}%.0f ms")
      val t1 = System.nanoTime()
      val (future, status) = n.run(plan, progress)
      try {
        val outcomes = scala.concurrent.Await.result(future, Duration.Inf)
        say(
          f"${plan.jobs}%,d jobs in ${(System.nanoTime() - t1) / 1e6}%.0f ms; coordinator's last count: " +
            s"${status.workers} worker(s), ${status.reissued} job(s) re-issued, ${status.duplicates} " +
            s"duplicate outcome(s) ignored, submitted ${status.submissions} time(s)"
        )
        Right(outcomes)
      } catch {
        case left: SweepNode.NodeLeft =>
          Left(
            s"the cluster removed this node after ${left.done} of ${plan.jobs} job(s) finished (it could not " +
              "reach most of the other nodes): the sweep is not complete; run it again"
          )
      }
    }
  }

  // the worker JVMs; the caller's signal handling stops them with this JVM on SIGINT or SIGTERM
  private def fork(launcher: Launcher, seed: String, where: Where): Vector[Process] = {
    val started = Vector.newBuilder[Process]
    try
      for (_ <- 1 to where.workers) started += {
        val cmd =
          launcher.command ++ Vector("worker", "--seed", seed, "--parallelism", where.parallelism.toString)
        // a worker's own lines are not the user's: what matters reaches this node through the cluster
        new ProcessBuilder(cmd.asJava)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
          .start()
      }
    catch {
      case e: java.io.IOException =>
        started.result().foreach(_.destroyForcibly())
        throw e
    }
    started.result()
  }

  /** Where a worker finds the days: at the paths the sweep names, or under `data` by file name. */
  def daysUnder(data: Option[Path]): DayFile => DayFile = data match {
    case Some(d) => day => day.copy(path = d.resolve(day.path.getFileName))
    case None => identity
  }

  /**
   * A worker's life: joins the sweep cluster at `seed`, runs `parallelism` jobs at once (days read through `remap`)
   * and stops once the client it served has left. `say` hears each step; the error is why the node could not start.
   */
  def worker(
      host: String,
      port: Int,
      seed: String,
      parallelism: Int,
      remap: DayFile => DayFile,
      say: String => Unit
  ): Either[String, Unit] =
    try {
      val node = SweepNode.start(host, port, Vector(seed), Seq(SweepNode.WorkerRole))
      try {
        say(s"worker ${node.name} up, $parallelism at once")
        node.startWorker(
          parallelism,
          remap,
          (job, outcome) =>
            say(
              s"job ${job.job} ${job.day.date} ${job.setup.strategy.render}: ${outcome.fold(_ => "failed", _ => "done")}"
            )
        )
        // a worker serves the sweep client it joined; once that node has left, it has nothing to do
        var seen = false
        while (node.isUp && (!seen || node.clientPresent)) {
          seen = seen || node.clientPresent
          Thread.sleep(200)
        }
        say("the backtest node left: the worker stops")
        Right(())
      } finally node.close()
    } catch { case e: IllegalStateException => Left(e.getMessage) }

  /** `mvt worker`: [[workerMain]] on `t`'s standard output; status 1 with why when it cannot run. */
  def workerCommand(
      host: String,
      port: Int,
      seed: String,
      parallelism: Int,
      data: Option[String],
      t: Terminal
  ): IO[ExitCode] =
    Blocking(workerMain(host, port, seed, parallelism, data, t.out))
      .map(r => Status.ended("worker", t)(r.left.map(RunFailure.io)))

  /**
   * `mvt worker`: [[worker]] with its steps printed to `out` as lines, the days read under `data` when given; or
   * why it cannot run (`data` is not a directory, the node cannot start).
   */
  def workerMain(
      host: String,
      port: Int,
      seed: String,
      parallelism: Int,
      data: Option[String],
      out: PrintStream
  ): Either[String, Unit] =
    data.filterNot(d => java.nio.file.Files.isDirectory(Path.of(d))) match {
      case Some(d) => Left(s"$d is not a directory")
      case None =>
        val say = (line: String) => out.synchronized { out.println(line); out.flush() }
        worker(host, port, seed, parallelism, daysUnder(data.map(Path.of(_))), say)
    }
}
