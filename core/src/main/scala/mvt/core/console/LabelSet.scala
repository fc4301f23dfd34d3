package mvt.core.console

import cats.data.ValidatedNel
import cats.syntax.all.*

/**
 * A closed set of values an option names by label (engines, policies, formats...): the one place that parses a
 * label, lists the labels and refuses an unknown one, so every such option is validated at parse time alike.
 */
trait LabelSet[E] {

  /** What a value is called in a refusal: `engine`, `policy`. */
  def what: String
  def values: Seq[E]
  def label(e: E): String

  /** The labels, `a|b|c`. */
  final def names: String = values.map(label).mkString("|")

  final def parse(s: String): Option[E] = values.find(label(_) == s.trim)

  /** One value, or `unknown <what> 's' (expected a|b|c)`. */
  final def read(s: String): ValidatedNel[String, E] =
    parse(s).toValidNel(s"unknown $what '$s' (expected $names)")

  /** A comma-separated list of values; an empty element (`a,` or `a,,b`) is refused too. */
  final def readList(s: String): ValidatedNel[String, Vector[E]] = CommaList.each(s)(read)
}
