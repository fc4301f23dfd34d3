package mvt.cli

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{AccountMix, DayPlan}

import java.time.LocalDate

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

  private val days =
    Opt.whole("days", "N", 1, MaxDays)(
      "Write one command log a weekday for N weekdays, into the --out directory."
    )
  private val start =
    Opt.text("start", "DATE")("With --days: the first date (YYYY-MM-DD).").mapValidated { s =>
      val date = scala.util.Try(LocalDate.parse(s)).toOption
      date.filter(d => !d.isBefore(FirstStart) && !d.isAfter(LastStart))
        .toValidNel(s"--start must be a date YYYY-MM-DD from $FirstStart to $LastStart; got '$s'")
    }
  private val gap = Opt.whole("gap", "TICKS", 0, 1000000)(
    s"With --days: each symbol opens up to this many ticks either way from the last close (default ${DayPlan.DefaultGapTicks})."
  )
  private val accounts = Opt.whole("accounts", "K", 1, Int.MaxValue.toLong)(
    s"Client accounts 1..K place the adds, with Zipf activity (default with --days: $DefaultAccounts; without, the house places all)."
  )
  private val zipf = Opt.decimal("zipf", "S", "a number above 0, at most 10", s => s > 0 && s <= 10)(
    s"The accounts' Zipf exponent: account k places orders in proportion to k^-S (default ${AccountMix.DefaultExponent})."
  )
  private val houseShare = Opt.decimal("house-share", "F", "a number from 0 to 1", f => f >= 0 && f <= 1)(
    "Share of adds the house (account 0) places instead of a client (default 0)."
  )

  /** A multi-day run's calendar: the first date, the number of weekdays and the overnight gap. */
  final case class Days(start: LocalDate, count: Int, gapTicks: Int)

  /** What the options ask for: days (or a single stream) and accounts (or the house alone). */
  final case class Choice(days: Option[Days], accounts: Option[AccountMix])

  val choice: Opts[Choice] =
    (days.orNone, start.orNone, gap.orNone, accounts.orNone, zipf.orNone, houseShare.orNone).tupled.mapValidated {
      (d, s, g, k, z, h) =>
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
