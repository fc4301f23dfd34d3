package mvt.workload

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import mvt.workload.FlowFiles.Flow

import java.time.LocalDate

/**
 * What `mvt generate`'s options ask for together: a single stream or one a weekday (`--days N --start DATE`, with
 * `--gap`), the house alone or client accounts (`--accounts K`, with `--zipf` and `--house-share`), where the
 * commands go and how many. An option that needs another, or a value out of range, is refused naming both.
 */
object FlowChoice {

  /** The most days of one run: about 38 years of weekdays. */
  val MaxDays = 10000

  /** Accounts when `--days` is given without `--accounts`. */
  val DefaultAccounts = 100

  /** Commands a day when `--days` is given without `--commands`. */
  val DefaultCommandsPerDay = 100000

  private val FirstStart = LocalDate.of(1970, 1, 1)
  // the last start whose MaxDays weekdays still fit the clock (epoch nanoseconds in a Long end in 2262)
  private val LastStart = LocalDate.of(2199, 12, 31)

  /** A multi-day run's calendar: the first date, the number of weekdays and the overnight gap. */
  final case class Days(start: LocalDate, count: Int, gapTicks: Int)

  /** Days (or a single stream) and accounts (or the house alone). */
  final case class Choice(days: Option[Days], accounts: Option[AccountMix])

  /** `--start`: a date YYYY-MM-DD from which the run's weekdays fit the clock. */
  def start(s: String): ValidatedNel[String, LocalDate] =
    scala.util.Try(LocalDate.parse(s)).toOption.filter(d => !d.isBefore(FirstStart) && !d.isAfter(LastStart))
      .toValidNel(s"--start must be a date YYYY-MM-DD from $FirstStart to $LastStart; got '$s'")

  /** The days and accounts of the options given (each already in its range), or every option missing its partner. */
  def of(
      days: Option[Long],
      start: Option[LocalDate],
      gap: Option[Long],
      accounts: Option[Long],
      zipf: Option[Double],
      houseShare: Option[Double]
  ): ValidatedNel[String, Choice] = {
    def needs(when: Boolean, option: String, other: String): ValidatedNel[String, Unit] =
      Validated.condNel(!when, (), s"$option needs $other")
    (
      needs(days.isDefined && start.isEmpty, "--days", "--start DATE"),
      needs(days.isEmpty && start.isDefined, "--start", "--days N"),
      needs(days.isEmpty && gap.isDefined, "--gap", "--days N"),
      needs(days.isEmpty && accounts.isEmpty && zipf.isDefined, "--zipf", "--accounts K or --days N"),
      needs(
        days.isEmpty && accounts.isEmpty && houseShare.isDefined,
        "--house-share",
        "--accounts K or --days N"
      )
    ).tupled.map { _ =>
      val mix = accounts.orElse(days.map(_ => DefaultAccounts.toLong)).map(n =>
        AccountMix(n.toInt, zipf.getOrElse(AccountMix.DefaultExponent), houseShare.getOrElse(0.0))
      )
      Choice(
        (days, start).mapN((n, date) => Days(date, n.toInt, gap.fold(DayPlan.DefaultGapTicks)(_.toInt))),
        mix
      )
    }
  }

  /**
   * `choice` with where its commands go and how many: with days, `out` is a directory (standard output cannot
   * hold several files) and `commands`, a day's, has a default.
   */
  def sized(
      out: String,
      choice: Choice,
      commands: Option[Int]
  ): ValidatedNel[String, (String, Choice, Int)] = {
    val days = choice.days.isDefined
    (
      Validated.condNel(out != "-" || !days, (), "--out must be a directory with --days, not -"),
      commands.orElse(Option.when(days)(DefaultCommandsPerDay)).toValidNel(
        "--commands N is required without --days"
      )
    ).mapN((_, n) => (out, choice, n))
  }

  /** The flow `choice` asks for, of `n` commands (a day's, with days) of `profile` from `seed`. */
  def flow(choice: Choice, n: Int, profile: WorkloadProfile, seed: Long): Flow =
    choice.days.fold(Flow.Single(n, profile, seed, choice.accounts)) { d =>
      val mix = choice.accounts.getOrElse(AccountMix(DefaultAccounts))
      Flow.Days(DayPlan(d.start, d.count, n, profile, mix, seed, gapTicks = d.gapTicks))
    }
}
