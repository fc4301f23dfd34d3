package mvt.cli

import cats.effect.{ExitCode, IO, IOApp}
import cats.effect.unsafe.IORuntimeConfig

import scala.concurrent.duration.Duration

/** Entry point of the `mvt` command. */
object Main extends IOApp {

  // Engine runs are long CPU-bound blocking calls; the starvation checker would only print noise.
  override protected def runtimeConfig: IORuntimeConfig =
    super.runtimeConfig.copy(cpuStarvationCheckInitialDelay = Duration.Inf)

  def run(args: List[String]): IO[ExitCode] =
    Cli.run(args, Terminal.system).flatTap(_ => IO(System.out.flush()))
}
