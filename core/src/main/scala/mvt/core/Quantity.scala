package mvt.core

/** A whole number of units of an order; a `Long` at runtime. */
opaque type Quantity = Long

object Quantity {

  /** Largest quantity the spec accepts on an `add`. */
  inline val Max = 1000000000L

  /** A quantity written well-formed but too long to fit a `Long`: out of range by definition. */
  val Unrepresentable: Quantity = -1L

  val Zero: Quantity = 0L

  inline def apply(units: Long): Quantity = units

  /** Parses `digits`; `None` when the text is not of that form (a format error). */
  def parse(text: String): Option[Quantity] = {
    val bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val v = DecimalText.parseQuantity(bytes, 0, bytes.length)
    if (v == DecimalText.Malformed) None else Some(v)
  }

  extension (q: Quantity) {
    inline def units: Long = q

    /** In the spec's range for an `add`: 1 to 1000000000. */
    inline def isValid: Boolean = q >= 1L && q <= Max
  }
}
