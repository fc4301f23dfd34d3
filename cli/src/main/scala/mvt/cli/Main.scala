package mvt.cli

import cats.effect.{ExitCode, IO, IOApp}
import cats.effect.unsafe.IORuntimeConfig
import mvt.core.Interrupts

import scala.concurrent.duration.Duration
import scala.util.control.NonFatal

/**
 * Entry point of the `mvt` command. Help and usage errors are answered before the cats-effect runtime starts,
 * and only the subcommand named is built (see [[Cli.commandFor]]): `mvt --help` starts about as fast as the
 * JVM does.
 */
object Main {

  def main(args: Array[String]): Unit = {
    val list = args.toList
    val t = Terminal.system
    val parsed =
      try Cli.parse(list, t)
      catch { case NonFatal(e) => unexpected(e, t); System.exit(Cli.Failure.code); throw e }
    parsed match {
      case Left(help) =>
        val code = Cli.refused(help, t)
        t.out.flush()
        if (code != ExitCode.Success) System.exit(code.code)
      case Right(program) => Runtime.start(list, program)
    }
  }

  // a bug, not a user mistake: one line by default, the trace on request
  private def unexpected(e: Throwable, t: Terminal): Unit = {
    t.err.println(s"mvt: unexpected error: $e (set MVT_DEBUG=1 for the stack trace)")
    if (sys.env.contains("MVT_DEBUG")) e.printStackTrace(t.err)
  }

  /**
   * Runs `program` (the command `args` name) and ends any failure it raises with one line on `t.err` and
   * status 1: running out of memory (raised by [[Blocking]]) says so and how to give the JVM more heap; any
   * other failure is a bug, with the stack trace on request.
   */
  def guarded(args: List[String], t: Terminal)(program: IO[ExitCode]): IO[ExitCode] =
    program.handleErrorWith {
      case _: Blocking.OutOfMemory =>
        IO(t.err.println(
          s"${Cli.name(args)}: out of memory; give the JVM more heap, e.g. MVT_JAVA_OPTS=-Xmx8g"
        ))
          .as(Cli.Failure)
      case e => IO(unexpected(e, t)).as(Cli.Failure)
    }

  /** The cats-effect runtime that runs a parsed command, started once the arguments were understood. */
  private object Runtime extends IOApp {

    // the command parsed by `Main.main`, handed over before the runtime starts
    @volatile private var parsed: (List[String], IO[ExitCode]) = (Nil, IO.pure(ExitCode.Success))

    def start(args: List[String], program: IO[ExitCode]): Unit = {
      parsed = (args, program)
      this.main(args.toArray)
    }

    // Engine runs are long CPU-bound blocking calls; the starvation checker would only print noise.
    override protected def runtimeConfig: IORuntimeConfig =
      super.runtimeConfig.copy(cpuStarvationCheckInitialDelay = Duration.Inf)

    def run(ignored: List[String]): IO[ExitCode] = {
      val (args, program) = parsed
      IO(Interrupts.install(Cli.name(args), System.err)) *>
        guarded(args, Terminal.system)(Cli.finish(program, args, Terminal.system)).flatTap(_ =>
          IO(System.out.flush())
        )
    }
  }
}
