package mvt.cli

import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}

import java.nio.file.Path

/**
 * One-line builders for the usual option shapes, each with the house's refusal words: the name and shape first,
 * the help last, so an option with a long help is one call with the help on the next line.
 */
object Opt {

  /** `--name METAVAR`, as given. */
  def text(name: String, metavar: String = "FILE")(help: String): Opts[String] =
    Opts.option[String](name, help, metavar = metavar)

  /** `--name METAVAR`, repeatable; none is an empty list. */
  def texts(name: String, metavar: String)(help: String): Opts[List[String]] =
    Opts.options[String](name, help, metavar = metavar).orEmpty

  /** `--name METAVAR`, a path. */
  def path(name: String, metavar: String = "FILE")(help: String): Opts[Path] =
    Opts.option[Path](name, help, metavar = metavar)

  /** `--name N`, an Int. */
  def number(name: String, metavar: String = "N")(help: String): Opts[Int] =
    Opts.option[Int](name, help, metavar = metavar)

  /** `--name N` from `min` to `max` (`default` when absent); else `--name: expected MIN to MAX`. */
  def inRange(
      name: String,
      default: Int,
      min: Int,
      max: Int,
      metavar: String = "N"
  )(help: String): Opts[Int] =
    number(name, metavar)(help).withDefault(default)
      .validate(s"--$name: expected $min to $max")(n => n >= min && n <= max)

  /** `--name N`, a whole number from `min` to `max`; else `--name must be a whole number from MIN to MAX; got 'T'`. */
  def whole(name: String, metavar: String, min: Long, max: Long)(help: String): Opts[Long] =
    text(name, metavar)(help).mapValidated(wholeIn(name, min, max))

  /** [[whole]] with a default, which the help names. */
  def wholeOr(name: String, default: Long, min: Long, max: Long)(help: String): Opts[Long] =
    text(name, "N")(s"$help (default $default).").withDefault(default.toString).mapValidated(wholeIn(
      name,
      min,
      max
    ))

  private def wholeIn(name: String, min: Long, max: Long)(t: String) =
    t.toLongOption.filter(v => v >= min && v <= max).toValidNel(
      s"--$name must be a whole number from $min to $max; got '$t'"
    )

  /** `--name X`, a number `valid` accepts; else `--name must be RANGE; got 'T'`. */
  def decimal(
      name: String,
      metavar: String,
      range: String,
      valid: Double => Boolean
  )(help: String): Opts[Double] =
    text(name, metavar)(help)
      .mapValidated(t => t.toDoubleOption.filter(valid).toValidNel(s"--$name must be $range; got '$t'"))

  /** How a refusal words a range: `1 to 16`, `from 1 to 16`, `between 1 and 16`. */
  enum Words { case To, From, Between }

  private def range(name: String, w: Words, lo: Any, hi: Any): String = w match {
    case Words.To => s"--$name must be $lo to $hi"
    case Words.From => s"--$name must be from $lo to $hi"
    case Words.Between => s"--$name must be between $lo and $hi"
  }

  /** `--name` with a default, refused with `why` unless `ok`. */
  def checked[A: Argument](name: String, help: String, metavar: String, default: A, why: String)(
      ok: A => Boolean
  ): Opts[A] = Opts.option[A](name, help, metavar = metavar).withDefault(default).validate(why)(ok)

  /** `--name N`, a whole number in `r` (`default` when not given), refused in the words `w`; its help last. */
  def int(
      name: String,
      default: Int,
      r: Range,
      w: Words = Words.To,
      metavar: String = "N"
  )(help: String): Opts[Int] =
    checked(name, help, metavar, default, range(name, w, r.start, r.end))(r.contains)

  /** `--name S`, a number from `lo` to `hi` as written (`default` when not given), refused in the words `w`. */
  def double(name: String, default: Double, lo: String, hi: String, w: Words, metavar: String = "S")(
      help: String
  ): Opts[Double] =
    checked(name, help, metavar, default, range(name, w, lo, hi))(n => n >= lo.toDouble && n <= hi.toDouble)

  /** `--name FILE` when given. */
  def file(name: String, metavar: String = "FILE")(help: String): Opts[Option[String]] =
    Opts.option[String](name, help, metavar = metavar).orNone

  /** `--name`: a flag, false when not given. */
  def flag(name: String)(help: String): Opts[Boolean] = Opts.flag(name, help).orFalse

  /** `--out FILE`: where to write `what`, standard output (`-`) when not given. */
  def out(what: String, metavar: String = "FILE"): Opts[String] =
    text("out", metavar)(s"Where to write $what; - (the default) is standard output.").withDefault("-")

  /** `--json FILE`, with the benchmark's own help. */
  def json(help: String = "Also write the figures as JSON to FILE."): Opts[Option[String]] =
    file("json")(help)
}
