package mvt.cli

import cats.effect.{IO, Resource}
import mvt.backtest.{DayFailure, DayResult}
import mvt.cluster.sweep.{SweepNode, SweepPlan}

import java.nio.file.Path
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*

/**
 * The jobs of `mvt backtest --cluster HOST:PORT`: this process starts the cluster's first node on HOST:PORT (the
 * seed, where the coordinator singleton runs), forks `--workers` loopback worker JVMs (`mvt worker --seed
 * HOST:PORT`) or waits for workers started elsewhere, submits the plan and waits for every job's outcome.
 * Membership changes and the coordinator's counts go to stderr.
 */
object ClusterBacktest {

  /** Where to run: the seed address, the workers to fork here (0: wait for outside ones) and their parallelism. */
  final case class Where(host: String, port: Int, workers: Int, parallelism: Int)

  /** The outcome of each job of `plan`, in job order; `progress` is told the count done. */
  def run(
      where: Where,
      plan: SweepPlan,
      progress: Int => Unit,
      err: java.io.PrintStream
  ): IO[Either[String, Vector[Either[DayFailure, DayResult]]]] = {
    @volatile var quiet =
      false // the members' comings and goings once the sweep is over are only its shutdown
    def say(line: String): Unit =
      if (!quiet) err.synchronized { err.println(s"  cluster: $line"); err.flush() }
    val started = Blocking {
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
        Blocking {
          try Right((n, fork(n.name, where)))
          catch {
            case e: java.io.IOException =>
              n.close()
              Left(s"cannot start the worker JVMs: ${e.getMessage}")
          }
        }
    }) {
      case Left(_) => IO.unit
      case Right((n, procs)) =>
        Blocking {
          quiet = true
          n.close()
          // the cluster is over: a worker's own goodbye would only make this command wait for it
          procs.foreach(_.destroy())
          procs.foreach(p => if (!p.waitFor(10, SECONDS)) { p.destroyForcibly(); () })
        }
    }
    cluster.use {
      case Left(e) => IO.pure(Left(e))
      case Right((n, procs)) =>
        Blocking {
          n.watchMembers(say)
          val want = math.max(1, where.workers)
          say(s"node ${n.name}; waiting for $want worker(s)${
              if (where.workers == 0) s" (mvt worker --seed ${n.name})" else ""
            }")
          val t0 = System.nanoTime()
          while (n.workersUp < want && (where.workers == 0 || procs.exists(_.isAlive))) Thread.sleep(50)
          if (n.workersUp < want) Left("the worker JVMs exited before joining the cluster")
          else {
            say(f"${n.workersUp} worker(s) up after ${(System.nanoTime() - t0) / 1e6}%.0f ms")
            val t1 = System.nanoTime()
            val (future, status) = n.run(plan, progress)
            val outcomes = scala.concurrent.Await.result(future, Duration.Inf)
            say(
              f"${plan.jobs}%,d jobs in ${(System.nanoTime() - t1) / 1e6}%.0f ms; coordinator's last count: " +
                s"${status.workers} worker(s), ${status.reissued} job(s) re-issued, ${status.duplicates} " +
                s"duplicate outcome(s) ignored, submitted ${status.submissions} time(s)"
            )
            Right(outcomes)
          }
        }
    }
  }

  // the worker JVMs; Interrupts stops them with this JVM on SIGINT or SIGTERM
  private def fork(seed: String, where: Where): Vector[Process] = {
    val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString
    val started = Vector.newBuilder[Process]
    try
      for (_ <- 1 to where.workers) started += {
        val cmd = Vector(
          javaBin,
          "-Xmx1g",
          "-XX:+UseParallelGC",
          "-cp",
          System.getProperty("java.class.path"),
          "mvt.cli.Main",
          "worker",
          "--seed",
          seed,
          "--parallelism",
          where.parallelism.toString
        )
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
}
