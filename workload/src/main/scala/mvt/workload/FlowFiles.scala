package mvt.workload

import cats.effect.{ExitCode, IO}
import mvt.core.console.{BadInput, Blocking, Inputs, Outputs, Terminal}

import java.nio.file.Path

/** `mvt generate`'s files: a Markov weights file read, one flow written, or a command log a day into a directory. */
object FlowFiles {

  /** What to generate: one flow of `n` commands, or a plan of days. */
  enum Flow {
    case Single(n: Int, profile: WorkloadProfile, seed: Long, accounts: Option[AccountMix])
    case Days(plan: DayPlan)
  }

  /**
   * `mvt generate`: `flow` written to `out` (for days, a directory), as a command log when `log` (by default
   * only for days); with `markov`, kinds drawn by a Markov chain of the weights in `weights` or the default ones.
   */
  def generate(
      out: String,
      log: Option[Boolean],
      flow: Flow,
      markov: Boolean,
      weightsFile: Option[String],
      t: Terminal
  ): IO[ExitCode] =
    weights(weightsFile, t).flatMap {
      case Left(code) => IO.pure(code)
      case Right(w) =>
        val chain = Option.when(markov)(w)
        flow match {
          case Flow.Single(n, profile, seed, accounts) =>
            single(out, n, log.getOrElse(false), profile, seed, chain, accounts, t)
          case Flow.Days(plan) => days(Path.of(out), log.getOrElse(true), plan.copy(markov = chain), t)
        }
    }

  /** The weights in `path`, or the default weights; a bad line is status 2, a missing file status 1. */
  def weights(path: Option[String], t: Terminal): IO[Either[ExitCode, MarkovGenerator.Weights]] = path match {
    case None => IO.pure(Right(MarkovGenerator.Weights.default))
    case Some(p) =>
      Inputs.withInput(p, t)(in => IO.blocking(new String(in.readAllBytes(), "UTF-8"))).flatMap {
        case Left(code) => IO.pure(Left(code))
        case Right(text) =>
          MarkovGenerator.Weights.parse(text) match {
            case Right(w) => IO.pure(Right(w))
            case Left(e) => BadInput.fromText(e).report("generate", p, t).map(Left(_))
          }
      }
  }

  /** One flow of `n` commands to `out`; the mix goes to stderr when the commands themselves go to stdout. */
  def single(
      out: String,
      n: Int,
      log: Boolean,
      profile: WorkloadProfile,
      seed: Long,
      markov: Option[MarkovGenerator.Weights],
      accounts: Option[AccountMix],
      t: Terminal
  ): IO[ExitCode] =
    Outputs.use("generate", t, Nil, List(Some(out))) { outputs =>
      Blocking {
        val report = if (out == "-") t.err else t.out
        FlowFile.write(profile, n, seed, markov, accounts, log, outputs(out), report)
        ExitCode.Success
      }
    }

  /**
   * One file a day, `DIR/<date>.mvtc` (or `.csv`), each replacing an older one only once complete; the plan,
   * then a line a day as it is written, then who placed the adds.
   */
  def days(dir: Path, log: Boolean, plan: DayPlan, t: Terminal): IO[ExitCode] = {
    val suffix = if (log) ".mvtc" else ".csv"
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
            Blocking { FlowFile.writeBatch(day.batch, log, outputs(path)); ExitCode.Success }
          }.flatMap { code =>
            if (code != ExitCode.Success) IO.pure(code)
            else IO(t.out.println(day.render)) >> loop(written + 1)
          }
      }
    Inputs.directory(dir, t).flatMap {
      case Left(code) => IO.pure(code)
      case Right(()) => IO(t.out.println(s"${plan.render}\n${DayGenerator.header}")) >> loop(0)
    }
  }
}
