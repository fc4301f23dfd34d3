package mvt.core.console

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*

/** Values that take a comma-separated list, such as `--rates 4000,12000`. */
object CommaList {

  /**
   * Every element parsed, or one error per element that is not a `what`, naming the `expected` values. An empty
   * element (as in `4000,` or `a,,b`) is an error too.
   */
  def parse[A](
      s: String,
      parseOne: String => Option[A],
      what: String,
      expected: String = ""
  ): ValidatedNel[String, Vector[A]] =
    each(s)(single(_, parseOne, what, expected))

  /** One value only, as `parse` would read it. */
  def single[A](
      s: String,
      parseOne: String => Option[A],
      what: String,
      expected: String = ""
  ): ValidatedNel[String, A] =
    Validated
      .fromOption(
        parseOne(s.trim),
        s"bad $what '$s'" + (if (expected.isEmpty) "" else s" (expected $expected)")
      )
      .toValidatedNel

  /** Every element of `s`, an empty one included, read by `readOne`; the errors of all that it refuses. */
  def each[A](s: String)(readOne: String => ValidatedNel[String, A]): ValidatedNel[String, Vector[A]] =
    s.split(",", -1).toVector.traverse(readOne)
}
