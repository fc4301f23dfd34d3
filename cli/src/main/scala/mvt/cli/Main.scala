package mvt.cli

import cats.effect.{ExitCode, IO, IOApp}
import cats.effect.unsafe.IORuntimeConfig
import mvt.core.Interrupts
import mvt.core.console.Ending

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
      catch { case NonFatal(e) => Ending.unexpected(e, t); System.exit(Cli.Failure.code); throw e }
    parsed match {
      case Left(help) =>
        val code = Cli.refused(help, t)
        t.out.flush()
        if (code != ExitCode.Success) System.exit(code.code)
      case Right(program) => Runtime.start(list, program)
    }
  }

  /** Runs `program`, the command `args` name, ending any failure it raises as [[Ending.guarded]] does. */
  def guarded(args: List[String], t: Terminal)(program: IO[ExitCode]): IO[ExitCode] =
    Ending.guarded(Cli.name(args), t)(program)

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
        guarded(args, Terminal.system)(Ending.checked(Cli.name(args), Terminal.system)(program))
          .flatTap(_ => IO(System.out.flush()))
    }
  }
}
