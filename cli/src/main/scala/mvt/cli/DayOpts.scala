package mvt.cli

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{AccountMix, DayPlan}

import java.time.LocalDate
import java.time.format.DateTimeParseException

/**
 * The options of `mvt generate` that add days and accounts: `--days N --start DATE` (with `--gap`) for a
 * multi-day run, `--accounts K` (with `--zipf` and `--house-share`) for who places the adds. Every value is
 * checked here, at parse time, so a bad one is a one-line usage error naming its option.
 */
object DayOpts {

  /** The most days of one run: about 38 years of weekdays. */
  val MaxDays = 10000

  /** Accounts when `--days` is given without `--accounts`. */
  val DefaultAccounts = 100

  private val FirstStart = LocalDate.of(1970, 1, 1)
  // the last start whose MaxDays weekdays still fit the clock (epoch nanoseconds in a Long end in 2262)
  private val LastStart = LocalDate.of(2199, 12, 31)

  /** `--name N`, a whole number in `[min, max]`; anything else names the option and the range. */
  private def whole(name: String, help: String, metavar: String, min: Long, max: Long): Opts[Option[Long]] =
    Opts.option[String](name, help, metavar = metavar).mapValidated { text =>
      text.toLongOption.filter(v => v >= min && v <= max)
        .toValidNel(s"--$name must be a whole number from $min to $max; got '$text'")
    }.orNone

  private def decimal(name: String, help: String, metavar: String, valid: Double => Boolean, range: String) =
    Opts.option[String](name, help, metavar = metavar).mapValidated { text =>
      text.toDoubleOption.filter(valid).toValidNel(s"--$name must be $range; got '$text'")
    }.orNone

  private val days = whole(
    "days",
    "Write one command log a weekday for N weekdays, into the --out directory.",
    "N",
    1,
    MaxDays
  )

  private val start =
    Opts.option[String]("start", "With --days: the first date (YYYY-MM-DD).", metavar = "DATE")
      .mapValidated { text =>
        val date =
          try Some(LocalDate.parse(text))
          catch { case _: DateTimeParseException => None }
        date.filter(d => !d.isBefore(FirstStart) && !d.isAfter(LastStart))
          .toValidNel(s"--start must be a date YYYY-MM-DD from $FirstStart to $LastStart; got '$text'")
      }.orNone

  private val gap = whole(
    "gap",
    "With --days: each symbol opens up to this many ticks either way from the last close " +
      s"(default ${DayPlan.DefaultGapTicks}).",
    "TICKS",
    0,
    1000000
  )

  private val accounts = whole(
    "accounts",
    "Client accounts 1..K place the adds, with Zipf activity " +
      s"(default with --days: $DefaultAccounts; without, the house places all).",
    "K",
    1,
    Int.MaxValue.toLong
  )

  private val zipf = decimal(
    "zipf",
    "The accounts' Zipf exponent: account k places orders in proportion to k^-S " +
      s"(default ${AccountMix.DefaultExponent}).",
    "S",
    s => s > 0 && s <= 10,
    "a number above 0, at most 10"
  )

  private val houseShare = decimal(
    "house-share",
    "Share of adds the house (account 0) places instead of a client (default 0).",
    "F",
    f => f >= 0 && f <= 1,
    "a number from 0 to 1"
  )

  /** A multi-day run's calendar: the first date, the number of weekdays and the overnight gap. */
  final case class Days(start: LocalDate, count: Int, gapTicks: Int)

  /** What the options ask for: days (or a single stream) and accounts (or the house alone). */
  final case class Choice(days: Option[Days], accounts: Option[AccountMix])

  val choice: Opts[Choice] =
    (days, start, gap, accounts, zipf, houseShare).tupled.mapValidated { (d, s, g, k, z, h) =>
      def needs(when: Boolean, option: String, other: String): ValidatedNel[String, Unit] =
        Validated.condNel(!when, (), s"$option needs $other")
      (
        needs(d.isDefined && s.isEmpty, "--days", "--start DATE"),
        needs(d.isEmpty && s.isDefined, "--start", "--days N"),
        needs(d.isEmpty && g.isDefined, "--gap", "--days N"),
        needs(d.isEmpty && k.isEmpty && z.isDefined, "--zipf", "--accounts K or --days N"),
        needs(d.isEmpty && k.isEmpty && h.isDefined, "--house-share", "--accounts K or --days N")
      ).tupled.map { _ =>
        val mix = (k.orElse(d.map(_ => DefaultAccounts.toLong))).map(n =>
          AccountMix(n.toInt, z.getOrElse(AccountMix.DefaultExponent), h.getOrElse(0.0))
        )
        Choice((d, s).mapN((n, date) => Days(date, n.toInt, g.fold(DayPlan.DefaultGapTicks)(_.toInt))), mix)
      }
    }
}
