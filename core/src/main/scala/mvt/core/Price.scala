package mvt.core

/** An exact limit price: a count of 1e-8 units in a `Long`. No `Double` or `BigDecimal` anywhere on its path. */
opaque type Price = Long

object Price {

  /** Units per 1.0. */
  inline val Scale = 100000000L

  /** Fraction digits a price may carry. */
  inline val FractionDigits = 8

  /** Exclusive upper bound of a valid price (1e10) in raw units. */
  inline val Limit = 1000000000000000000L

  /** A price that was written well-formed but cannot be represented (too many fraction digits or too large). */
  val Unrepresentable: Price = -1L

  inline def fromRaw(raw: Long): Price = raw

  /** Parses `digits[.digits]`; `None` when the text is not of that form (a format error). */
  def parse(text: String): Option[Price] = {
    val bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val raw = DecimalText.parsePrice(bytes, 0, bytes.length)
    if (raw == DecimalText.Malformed) None else Some(raw)
  }

  /** Parses a price and fails unless it is in range; for tests and hand-written fixtures. */
  def unsafe(text: String): Price = parse(text).filter(_.isValid).getOrElse(
    throw new IllegalArgumentException(s"not a valid price: $text")
  )

  extension (p: Price) {
    inline def raw: Long = p

    /** In the spec's range: above zero and below 10000000000. */
    inline def isValid: Boolean = p > 0L && p < Limit

    /** Canonical text: plain decimal, fraction trailing zeros removed, no trailing dot. */
    def render: String = {
      val sb = new java.lang.StringBuilder(24)
      DecimalText.appendPrice(sb, p)
      sb.toString
    }
  }

  given Ordering[Price] = Ordering.Long
}
