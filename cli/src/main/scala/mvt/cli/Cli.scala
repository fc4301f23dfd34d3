package mvt.cli

import cats.effect.{ExitCode, IO}
import com.monovore.decline.{Command, Help, Opts}
import mvt.core.console.{Ending, Status}

/** The `mvt` command tree: parses arguments into one subcommand's program. Wiring only. */
object Cli {

  // the exit statuses, one mapping for every command (see docs/formats.md)
  export Status.{BadData, Failure}

  private val Header = "mvt: matching engine, benchmarks and trading tools of the mvt stack."

  /** The whole command tree, every subcommand's options built. */
  def command(t: Terminal): Command[IO[ExitCode]] =
    Command("mvt", Header)(Subcommands.map(_.build(t)).reduce(_ orElse _))

  /**
   * A subcommand as the top level lists it, and how to build its options. Building every command's options
   * loads most of the tool's classes, so a run builds only the one it names (see [[commandFor]]).
   */
  final case class Subcommand(name: String, header: String, options: Terminal => Opts[IO[ExitCode]]) {

    /** The subcommand with its options. */
    def build(t: Terminal): Opts[IO[ExitCode]] = Opts.subcommand(name, header)(options(t))

    /** The subcommand with no options: enough for the top level's help and its errors. */
    def listed: Opts[IO[ExitCode]] = Opts.subcommand(name, header)(Opts(IO.pure(ExitCode.Success)))
  }

  // each subcommand's header, declared once here
  private val headers = Map(
    "match" -> "Run a commands file or command log through a matching engine and print its events.",
    "demo" -> "Run a seeded trading session through the fast engine and a baseline.",
    "generate" -> "Write a seeded order flow as a commands file and print its command mix.",
    "convert" -> "Convert a commands file to a binary command log (.mvtc), or back.",
    "bench" -> "Benchmarks: measured figures, with the machine described.",
    "analyze" -> "Market-data analytics from quotes: lagged returns and scaled frames.",
    "trade" -> "Run commands through the exchange and its BBO updates through a trading strategy.",
    "report" -> "Client positions, PnL and trends at a whole hour, from the trade and quote feeds.",
    "serve" ->
      "Follow a journal's trade and quote feeds into a SQLite store, and serve the client portal and its JSON API.",
    "backtest" -> "Trade a strategy against recorded days through the real engine, with metrics.",
    "node" -> "Start one node of the trader cluster (exchange or trader).",
    "cluster" -> "Run a trader cluster on loopback: one exchange and N trader JVMs.",
    "worker" -> "Run backtest sweep jobs for mvt backtest --cluster (joins its cluster).",
    "venue" -> "Run the live venue: journal every command before it is acknowledged; recover on start."
  )

  /** Every subcommand in the order help lists them. */
  val Subcommands: Vector[Subcommand] = Vector[(String, Terminal => Opts[IO[ExitCode]])](
    "match" -> MatchCommand.opts,
    "demo" -> DemoCommand.opts,
    "generate" -> GenerateCommand.opts,
    "convert" -> ConvertCommand.opts,
    "bench" -> BenchCommand.opts,
    "analyze" -> AnalyzeCommand.opts,
    "trade" -> TradeCommand.opts,
    "report" -> ReportCommand.opts,
    "serve" -> ServeCommand.opts,
    "backtest" -> BacktestCommand.opts,
    "node" -> NodeCommand.opts,
    "cluster" -> ClusterCommand.opts,
    "worker" -> WorkerCommand.opts,
    "venue" -> VenueCommand.opts
  ).map((name, options) => Subcommand(name, headers(name), options))

  /**
   * The command tree `args` need: the subcommand they name built whole, every other one listed only. The top
   * level takes no options of its own, so the first word not starting with `-` names the subcommand.
   */
  def commandFor(args: List[String], t: Terminal): Command[IO[ExitCode]] = {
    val named = args.find(!_.startsWith("-"))
    Command("mvt", Header)(
      Subcommands.map(c => if (named.contains(c.name)) c.build(t) else c.listed).reduce(_ orElse _)
    )
  }

  /** Parses `args`: the chosen subcommand's program, or the help or usage error to print. */
  def parse(args: List[String], t: Terminal): Either[Help, IO[ExitCode]] =
    commandFor(args, t).parse(args, sys.env)

  /** Prints help (status 0) or a usage error (status 1, one line naming the option at fault). */
  def refused(help: Help, t: Terminal): ExitCode =
    if (help.errors.isEmpty) { t.out.println(help); ExitCode.Success }
    else {
      // the full usage is one --help away
      t.err.println(help.errors.mkString("mvt: ", "; ", " (--help shows the usage)"))
      Failure
    }

  /**
   * Parses `args` and runs the chosen subcommand; help goes to stdout, a usage error to stderr as one line naming
   * the option at fault. Standard output that could not be written (a full disk, a closed pipe) turns a success
   * into status 1 with one line.
   */
  def run(args: List[String], t: Terminal): IO[ExitCode] =
    parse(args, t) match {
      case Left(help) => IO(refused(help, t))
      case Right(program) => Ending.checked(name(args), t)(program)
    }

  /** `mvt` and the subcommand's words, for messages: `mvt match`, `mvt bench latency`. */
  def name(args: List[String]): String = {
    val words = args.takeWhile(!_.startsWith("-"))
    ("mvt" :: words.take(if (words.headOption.exists(w => w == "bench" || w == "analyze")) 2 else 1)).mkString(
      " "
    )
  }
}
