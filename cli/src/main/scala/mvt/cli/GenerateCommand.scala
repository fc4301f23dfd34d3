package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{AccountMix, DayPlan, FlowFiles}
import mvt.workload.FlowFiles.Flow

import Named.given

/**
 * `mvt generate`: writes a seeded order flow of a profile as a commands file and prints its mix; with `--days`,
 * one command log a weekday into a directory. Wiring only: the files are `FlowFiles`'.
 */
object GenerateCommand {

  /** `--format`: a commands file or a binary command log. */
  enum Format(val label: String) { case Csv extends Format("csv"); case Bin extends Format("bin") }
  object Format { given Named[Format] = Named("format", values.toSeq)(_.label) }

  /** `--model`: the profile's shares or a Markov chain of kinds. */
  enum Model(val label: String) { case Profile extends Model("profile"); case Markov extends Model("markov") }
  object Model { given Named[Model] = Named("model", values.toSeq)(_.label) }

  /** Commands a day when `--days` is given without `--commands`. */
  val DefaultCommandsPerDay = 100000

  // with --days, --out is a directory (standard output cannot hold several files) and --commands has a default
  private val outChoiceAndCommands = (
    Opt.text("out", "FILE|-|DIR")(
      "Where to write the commands; - is standard output. With --days: a directory (created if missing)."
    ),
    DayOpts.choice,
    Opt.number("commands")(s"Number of commands; with --days, a day (default $DefaultCommandsPerDay).")
      .validate("--commands must be positive")(_ > 0).orNone
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
        Opt.text("weights")("With --model markov: a weights file (see docs/workloads.md).").orNone
      ).mapN { case ((out, choice, n), format, profile, seed, model, weights) =>
        val flow = choice.days.fold(Flow.Single(n, profile, seed, choice.accounts)) { d =>
          val mix = choice.accounts.getOrElse(AccountMix(DayOpts.DefaultAccounts))
          Flow.Days(DayPlan(d.start, d.count, n, profile, mix, seed, gapTicks = d.gapTicks))
        }
        FlowFiles.generate(out, format.map(_ == Format.Bin), flow, model == Model.Markov, weights, t)
      }
    }
}
