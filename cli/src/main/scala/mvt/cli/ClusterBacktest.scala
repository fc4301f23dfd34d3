package mvt.cli

import cats.effect.IO
import mvt.backtest.{DayFailure, DayResult}
import mvt.cluster.fork.Launcher
import mvt.sweep.{SweepPlan, SweepRun}

import java.nio.file.Path

/** The jobs of `mvt backtest --cluster HOST:PORT`, run by `mvt.sweep.SweepRun` with `mvt worker` JVMs. */
object ClusterBacktest {

  type Where = SweepRun.Where
  val Where = SweepRun.Where

  def run(
      where: Where,
      plan: SweepPlan,
      progress: Int => Unit,
      err: java.io.PrintStream
  ): IO[Either[String, Vector[Either[DayFailure, DayResult]]]] =
    SweepRun.client(where, plan, workerLauncher, progress, err)

  // a worker JVM: this JVM's java and class path, a 1 GB heap for its days
  private def workerLauncher: Launcher =
    Launcher(
      Vector(
        Path.of(System.getProperty("java.home"), "bin", "java").toString,
        "-Xmx1g",
        "-XX:+UseParallelGC",
        "-cp",
        System.getProperty("java.class.path"),
        "mvt.cli.Main"
      )
    )
}
