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
    IO(Interrupts.install(Cli.name(args), System.err)) *> Cli
      .run(args, Terminal.system)
      .handleErrorWith { e =>
        // a bug, not a user mistake: one line by default, the trace on request
        IO {
          System.err.println(s"mvt: unexpected error: $e (set MVT_DEBUG=1 for the stack trace)")
          if (sys.env.contains("MVT_DEBUG")) e.printStackTrace()
        }.as(Cli.Failure)
      }
      .flatTap(_ => IO(System.out.flush()))
}
