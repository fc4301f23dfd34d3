package mvt.trader
package strategy

/**
 * One whole-number parameter of a strategy, declared once for every command that trades it: its name, the unit
 * it counts in, its default and its range, and a line of help. A value outside the range is refused here, with
 * a message naming the parameter and the range. Immutable.
 */
final case class StrategyParam(
    name: String,
    unit: String,
    default: Long,
    min: Long,
    max: Long,
    help: String
) {

  def contains(v: Long): Boolean = v >= min && v <= max

  /** The range in words: `2 to 1000000`, or `at least 1` when only the lower end binds. */
  def range: String = if (max >= Int.MaxValue) s"at least $min" else s"$min to $max"

  /** `v`, or why not: `spread: expected 2 to 1000000, found 1`. */
  def check(v: Long): Either[String, Long] = Either.cond(contains(v), v, s"$name: expected $range, found $v")
}
