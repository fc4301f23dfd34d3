package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{AccountMix, DayPlan, FlowChoice, FlowFiles}

import Named.given

/**
 * `mvt generate`: writes a seeded order flow of a profile as a commands file and prints its mix; with `--days`,
 * one command log a weekday into a directory. Wiring only: the options are checked together by `FlowChoice`, the
 * files are `FlowFiles`'.
 */
object GenerateCommand {

  /** `--format`: a commands file or a binary command log. */
  enum Format(val label: String) { case Csv extends Format("csv"); case Bin extends Format("bin") }
  object Format { given Named[Format] = Named("format", values.toSeq)(_.label) }

  /** `--model`: the profile's shares or a Markov chain of kinds. */
  enum Model(val label: String) { case Profile extends Model("profile"); case Markov extends Model("markov") }
  object Model { given Named[Model] = Named("model", values.toSeq)(_.label) }

  // the options that add days and accounts, each checked at parse time, then together
  private val choice = (
    Opt.whole("days", "N", 1, FlowChoice.MaxDays)(
      "Write one command log a weekday for N weekdays, into the --out directory."
    ).orNone,
    Opt.text("start", "DATE")("With --days: the first date (YYYY-MM-DD).").mapValidated(FlowChoice.start).orNone,
    Opt.whole("gap", "TICKS", 0, 1000000)(
      s"With --days: each symbol opens up to this many ticks either way from the last close (default ${DayPlan.DefaultGapTicks})."
    ).orNone,
    Opt.whole("accounts", "K", 1, Int.MaxValue.toLong)(
      s"Client accounts 1..K place the adds, with Zipf activity (default with --days: ${FlowChoice.DefaultAccounts}; without, the house places all)."
    ).orNone,
    Opt.decimal("zipf", "S", "a number above 0, at most 10", s => s > 0 && s <= 10)(
      s"The accounts' Zipf exponent: account k places orders in proportion to k^-S (default ${AccountMix.DefaultExponent})."
    ).orNone,
    Opt.decimal("house-share", "F", "a number from 0 to 1", f => f >= 0 && f <= 1)(
      "Share of adds the house (account 0) places instead of a client (default 0)."
    ).orNone
  ).tupled.mapValidated((FlowChoice.of).tupled)

  // with --days, --out is a directory and --commands has a default
  private val outChoiceAndCommands = (
    Opt.text("out", "FILE|-|DIR")(
      "Where to write the commands; - is standard output. With --days: a directory (created if missing)."
    ),
    choice,
    Opt.number("commands")(
      s"Number of commands; with --days, a day (default ${FlowChoice.DefaultCommandsPerDay})."
    )
      .validate("--commands must be positive")(_ > 0).orNone
  ).tupled.mapValidated((FlowChoice.sized).tupled)

  def opts(t: Terminal): Opts[IO[ExitCode]] =
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
      val flow = FlowChoice.flow(choice, n, profile, seed)
      FlowFiles.generate(out, format.map(_ == Format.Bin), flow, model == Model.Markov, weights, t)
    }
}
