package mvt.backtest

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*

import java.time.LocalDate

/** The values `mvt backtest` reads from text: the dates to run and a strategy parameter's `name=value`. */
object BacktestArgs {

  private val ParamForm = """([a-z]+)=(-?\d{1,18})""".r

  /** `FROM..TO` (either end may be left out, dates `YYYY-MM-DD`) or one date; each refusal names `--days`. */
  def days(text: String): ValidatedNel[String, (Option[LocalDate], Option[LocalDate])] = {
    val bad = s"--days: expected FROM..TO with dates YYYY-MM-DD, found \"$text\""
    def date(s: String) =
      if (s.isEmpty) Validated.validNel(None)
      else scala.util.Try(LocalDate.parse(s)).toOption.map(Some(_)).toValidNel(bad)
    text.split("\\.\\.", -1) match {
      case Array(a, b) =>
        (date(a), date(b)).tupled.andThen {
          case (Some(f), Some(t)) if f.isAfter(t) =>
            Validated.invalidNel(s"--days: the range ends ($t) before it starts ($f)")
          case ok => Validated.validNel(ok)
        }
      case Array(a) if a.nonEmpty => date(a).map(d => (d, d))
      case _ => Validated.invalidNel(bad)
    }
  }

  /** `name=value`, a whole number; the refusal names `--param`. */
  def param(text: String): ValidatedNel[String, (String, Long)] = text match {
    case ParamForm(n, v) => Validated.validNel(n -> v.toLong)
    case other => Validated.invalidNel(s"--param: expected name=whole number, found \"$other\"")
  }
}
