package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{AccountMix, DayGenerator, DayPlan, FlowFile, MarkovGenerator}

import java.nio.file.Path
import Named.given

/**
 * `mvt generate`: writes a seeded order flow of a profile as a commands file and prints its mix; with `--days`,
 * one command log a weekday into a directory, and a line for each day.
 */
object GenerateCommand {

  /** `--format`: a commands file or a binary command log. */
  enum Format(val label: String) {
    case Csv extends Format("csv")
    case Bin extends Format("bin")
  }
  object Format {
    given Named[Format] = Named("format", values.toSeq)(_.label)
  }

  /** `--model`: the profile's shares or a Markov chain of kinds. */
  enum Model(val label: String) {
    case Profile extends Model("profile")
    case Markov extends Model("markov")
  }
  object Model {
    given Named[Model] = Named("model", values.toSeq)(_.label)
  }

  /** Commands a day when `--days` is given without `--commands`. */
  val DefaultCommandsPerDay = 100000

  // with --days, --out is a directory (standard output cannot hold several files) and --commands has a default
  private val outChoiceAndCommands =
    (
      Opts.option[String](
        "out",
        "Where to write the commands; - is standard output. With --days: a directory (created if missing).",
        metavar = "FILE|-|DIR"
      ),
      DayOpts.choice,
      Opts.option[Int](
        "commands",
        s"Number of commands; with --days, a day (default $DefaultCommandsPerDay).",
        metavar = "N"
      )
        .validate("--commands must be positive")(_ > 0)
        .orNone
    ).tupled.mapValidated { (out, choice, commands) =>
      val days = choice.days.isDefined
      (
        Validated.condNel(out != "-" || !days, (), "--out must be a directory with --days, not -"),
        commands.orElse(Option.when(days)(DefaultCommandsPerDay)).toValidNel(
          "--commands N is required without --days"
        )
      ).mapN((_, n) => (out, choice, n))
    }

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("generate", "Write a seeded order flow as a commands file and print its command mix.") {
      (
        outChoiceAndCommands,
        Opts.option[Format](
          "format",
          "csv (a commands file, the default) or bin (a binary command log, the default with --days)."
        ).orNone,
        ProfileOpts.profile,
        ProfileOpts.seed,
        Opts.option[Model](
          "model",
          "profile (the default: the profile's shares) or markov (a Markov chain of kinds)."
        )
          .withDefault(Model.Profile),
        Opts.option[String](
          "weights",
          "With --model markov: a weights file (see docs/workloads.md).",
          metavar = "FILE"
        )
          .orNone
      ).mapN { case ((out, choice, n), format, profile, seed, model, weightsFile) =>
        val weights: IO[Either[ExitCode, MarkovGenerator.Weights]] = weightsFile match {
          case None => IO.pure(Right(MarkovGenerator.Weights.default))
          case Some(path) =>
            Files.withInput(path, t)(in => IO.blocking(new String(in.readAllBytes(), "UTF-8"))).flatMap {
              case Left(code) => IO.pure(Left(code))
              case Right(text) =>
                MarkovGenerator.Weights.parse(text) match {
                  case Right(w) => IO.pure(Right(w))
                  case Left(e) => BadInput.fromText(e).report("generate", path, t).map(Left(_))
                }
            }
        }
        weights.flatMap {
          case Left(code) => IO.pure(code)
          case Right(w) =>
            val markov = if (model == Model.Markov) Some(w) else None
            choice.days match {
              case None =>
                write(out, n, format.getOrElse(Format.Csv), profile, seed, markov, choice.accounts, t)
              case Some(d) =>
                val plan = DayPlan(
                  d.start,
                  d.count,
                  n,
                  profile,
                  choice.accounts.getOrElse(AccountMix(DayOpts.DefaultAccounts)),
                  seed,
                  markov,
                  gapTicks = d.gapTicks
                )
                writeDays(Path.of(out), format.getOrElse(Format.Bin), plan, t)
            }
        }
      }
    }

  private def write(
      out: String,
      n: Int,
      format: Format,
      profile: mvt.workload.WorkloadProfile,
      seed: Long,
      markov: Option[MarkovGenerator.Weights],
      accounts: Option[AccountMix],
      t: Terminal
  ): IO[ExitCode] =
    // the mix goes to stderr when the commands themselves go to stdout
    Outputs.use("generate", t, Nil, List(Some(out))) { outputs =>
      Blocking {
        val report = if (out == "-") t.err else t.out
        FlowFile.write(profile, n, seed, markov, accounts, format == Format.Bin, outputs(out), report)
        ExitCode.Success
      }
    }

  /**
   * One file a day, `DIR/<date>.mvtc` (or `.csv`), each replacing an older one only once complete; the plan,
   * then a line a day as it is written, then who placed the adds.
   */
  private def writeDays(dir: Path, format: Format, plan: DayPlan, t: Terminal): IO[ExitCode] = {
    val suffix = if (format == Format.Bin) ".mvtc" else ".csv"
    val days = new DayGenerator(plan)
    def loop(written: Int): IO[ExitCode] =
      IO.blocking(if (days.hasNext) Some(days.next()) else None).flatMap {
        case None =>
          IO {
            t.out.println(days.activity.render)
            t.out.println(s"wrote $written files to $dir")
          }.as(ExitCode.Success)
        case Some(day) =>
          val path = dir.resolve(s"${day.date}$suffix").toString
          Outputs.use("generate", t, Nil, List(Some(path))) { outputs =>
            Blocking { FlowFile.writeBatch(day.batch, format == Format.Bin, outputs(path)); ExitCode.Success }
          }.flatMap {
            code =>
              if (code != ExitCode.Success) IO.pure(code)
              else IO(t.out.println(day.render)) >> loop(written + 1)
          }
      }
    Files.directory(dir, t).flatMap {
      case Left(code) => IO.pure(code)
      case Right(()) => IO(t.out.println(s"${plan.render}\n${DayGenerator.header}")) >> loop(0)
    }
  }
}
