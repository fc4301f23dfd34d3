package mvt.cli

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*

/** Options that take a comma-separated list, such as `--rates 4000,12000`. */
object CommaList {

  /** Every element parsed, or one error per element that is not a `what`. */
  def parse[A](s: String, parseOne: String => Option[A], what: String): ValidatedNel[String, Vector[A]] =
    s.split(",").toVector.traverse(x =>
      Validated.fromOption(parseOne(x.trim), s"bad $what '$x'").toValidatedNel
    )

  /** One value only, as `parse` would read it. */
  def single[A](s: String, parseOne: String => Option[A], what: String): ValidatedNel[String, A] =
    Validated.fromOption(parseOne(s.trim), s"bad $what '$s'").toValidatedNel
}
