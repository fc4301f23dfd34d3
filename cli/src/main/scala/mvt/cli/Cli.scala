package mvt.cli

import cats.effect.{ExitCode, IO}
import com.monovore.decline.{Command, Opts}

/** The `mvt` command tree: parses arguments into one subcommand's program. Wiring only. */
object Cli {

  /** Exit status for a usage error or any failure that is not a format error (see docs/formats.md). */
  val Failure: ExitCode = ExitCode(1)

  /** Exit status for a format error in an input file. */
  val FormatError: ExitCode = ExitCode(2)

  def command(t: Terminal): Command[IO[ExitCode]] =
    Command("mvt", "mvt: matching engine, benchmarks and trading tools of the mvt stack.")(
      subcommands(t)
    )

  private def subcommands(t: Terminal): Opts[IO[ExitCode]] =
    List(
      MatchCommand.opts(t),
      DemoCommand.opts(t),
      GenerateCommand.opts(t),
      ConvertCommand.opts(t),
      BenchCommand.opts(t),
      AnalyzeCommand.opts(t),
      TradeCommand.opts(t)
    ).reduce(_ orElse _)

  /**
   * The command that `args` run, for messages: its leading words, such as `match` or `bench memory` (no command
   * takes a positional argument, so every word before the first option names a command).
   */
  def commandName(args: List[String]): String = args.takeWhile(!_.startsWith("-")).mkString(" ")

  /** Parses `args` and runs the chosen subcommand; help goes to stdout, usage errors to stderr. */
  def run(args: List[String], t: Terminal): IO[ExitCode] =
    command(t).parse(args, sys.env) match {
      case Left(help) if help.errors.isEmpty => IO(t.out.println(help)).as(ExitCode.Success)
      case Left(help) => IO(t.err.println(help)).as(Failure)
      case Right(program) => program
    }
}
