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
    IO(Interrupts.install(Cli.name(args), System.err)) *>
      guarded(args, Terminal.system)(Cli.run(args, Terminal.system)).flatTap(_ => IO(System.out.flush()))

  /**
   * Runs `program` (the command `args` name) and ends any failure it raises with one line on `t.err` and
   * status 1: running out of memory (raised by [[Blocking]]) says so and how to give the JVM more heap; any
   * other failure is a bug, with the stack trace on request.
   */
  def guarded(args: List[String], t: Terminal)(program: IO[ExitCode]): IO[ExitCode] =
    program.handleErrorWith {
      case _: Blocking.OutOfMemory =>
        IO {
          t.err.println(
            s"${Cli.name(args)}: out of memory; give the JVM more heap, e.g. MVT_JAVA_OPTS=-Xmx8g"
          )
        }.as(Cli.Failure)
      case e =>
        // a bug, not a user mistake: one line by default, the trace on request
        IO {
          t.err.println(s"mvt: unexpected error: $e (set MVT_DEBUG=1 for the stack trace)")
          if (sys.env.contains("MVT_DEBUG")) e.printStackTrace(t.err)
        }.as(Cli.Failure)
    }
}
