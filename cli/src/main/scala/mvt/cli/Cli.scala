package mvt.cli

import cats.effect.{ExitCode, IO}
import com.monovore.decline.{Command, Opts}

/** The `mvt` command tree: parses arguments into one subcommand's program. Wiring only. */
object Cli {

  /**
   * The exit statuses, one mapping for every command: 0 success ([[ExitCode.Success]]), 1 a usage or I/O error
   * (`Failure`), 2 bad data in an input ([[BadData]], see [[BadInput]] and docs/formats.md).
   */
  val Failure: ExitCode = ExitCode(1)

  /** Exit status for bad data in an input file. */
  val BadData: ExitCode = ExitCode(2)

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
      TradeCommand.opts(t),
      ReportCommand.opts(t),
      ServeCommand.opts(t),
      BacktestCommand.opts(t),
      NodeCommand.opts(t),
      ClusterCommand.opts(t),
      WorkerCommand.opts(t),
      VenueCommand.opts(t)
    ).reduce(_ orElse _)

  /**
   * Parses `args` and runs the chosen subcommand; help goes to stdout, a usage error to stderr as one line naming
   * the option at fault. Standard output that could not be written (a full disk, a closed pipe) turns a success
   * into status 1 with one line.
   */
  def run(args: List[String], t: Terminal): IO[ExitCode] =
    command(t).parse(args, sys.env) match {
      case Left(help) if help.errors.isEmpty => IO(t.out.println(help)).as(ExitCode.Success)
      // the full usage is one --help away
      case Left(help) =>
        IO(t.err.println(help.errors.mkString("mvt: ", "; ", " (--help shows the usage)"))).as(Failure)
      case Right(program) =>
        program.flatMap { code =>
          // a PrintStream swallows write errors; ask it
          IO { t.out.flush(); t.out.checkError() }.flatMap { failed =>
            if (failed && code == ExitCode.Success)
              IO(t.err.println(s"${name(args)}: cannot write standard output")).as(Failure)
            else IO.pure(code)
          }
        }
    }

  /** `mvt` and the subcommand's words, for messages: `mvt match`, `mvt bench latency`. */
  def name(args: List[String]): String = {
    val words = args.takeWhile(!_.startsWith("-"))
    ("mvt" :: words.take(if (words.headOption.exists(w => w == "bench" || w == "analyze")) 2 else 1)).mkString(
      " "
    )
  }
}
