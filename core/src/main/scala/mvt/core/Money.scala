package mvt.core

import java.math.BigDecimal

/**
 * Exact amounts of money as text: the canonical rendering every report uses, and the reading of a money option
 * within the bounds the arithmetic holds. Pure; allocates the strings it returns.
 */
object Money {

  /** The canonical text of an exact amount: plain decimal, no trailing fraction zeros, `0` for zero. */
  def render(v: BigDecimal): String =
    if (v.signum == 0) "0" else v.stripTrailingZeros.toPlainString

  /** The most fraction digits a money option takes: those of a price (1e-8). */
  val MaxFractionDigits = 8

  /**
   * `text` as an amount from `min` to `max` with at most [[MaxFractionDigits]] fraction digits, or what is
   * wrong with it as `expected ..., found "..."`. The bounds keep every figure finite and exact: an exponent
   * such as `1e999999999` is refused here rather than failing the arithmetic later.
   */
  def within(text: String, min: BigDecimal, max: BigDecimal): Either[String, BigDecimal] = {
    val v =
      try Some(new BigDecimal(text.trim))
      catch { case _: NumberFormatException | _: ArithmeticException => None }
    v.filter(x =>
      x.compareTo(min) >= 0 && x.compareTo(max) <= 0 && x.stripTrailingZeros.scale <= MaxFractionDigits
    ).toRight(
      s"expected a decimal from ${render(min)} to ${render(max)} with at most $MaxFractionDigits digits after " +
        s"the point, found \"${FormatError.visible(text.take(40))}\""
    )
  }
}
