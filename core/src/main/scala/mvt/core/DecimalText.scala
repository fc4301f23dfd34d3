package mvt.core

/** Exact parsing and printing of the spec's decimal fields over ASCII bytes; allocation-free. */
object DecimalText {

  /** Returned when the text is not of the required form: a format error. */
  inline val Malformed = Long.MinValue

  private val Pow10: Array[Long] = Array.iterate(1L, 19)(_ * 10L)

  inline def isDigit(b: Int): Boolean = b >= '0' && b <= '9'

  /** True when `[from, to)` is one or more ASCII digits. */
  def isDigits(bytes: Array[Byte], from: Int, to: Int): Boolean = {
    var i = from
    while (i < to && isDigit(bytes(i))) i += 1
    i == to && to > from
  }

  /** `digits[.digits]` to raw 1e-8 units; `Price.Unrepresentable` when well-formed but beyond a `Long` price. */
  def parsePrice(bytes: Array[Byte], from: Int, to: Int): Long = {
    var i = from
    while (i < to && bytes(i) == '0') i += 1
    val intStart = i
    while (i < to && isDigit(bytes(i))) i += 1
    val intEnd = i
    // a leading-zero run counts as the integer part's digits
    if (intEnd == from) return Malformed
    var fracStart = to
    var fracEnd = to
    if (i < to) {
      if (bytes(i) != '.') return Malformed
      i += 1
      fracStart = i
      while (i < to && isDigit(bytes(i))) i += 1
      fracEnd = i
      if (i != to || fracEnd == fracStart) return Malformed
    }
    val intDigits = intEnd - intStart
    val fracDigits = fracEnd - fracStart
    // 11+ significant integer digits is >= 1e10; 9+ written fraction digits is out of range by the spec
    if (intDigits > 10 || fracDigits > Price.FractionDigits) return Price.Unrepresentable.raw
    var intPart = 0L
    i = intStart
    while (i < intEnd) { intPart = intPart * 10 + (bytes(i) - '0'); i += 1 }
    var frac = 0L
    i = fracStart
    while (i < fracEnd) { frac = frac * 10 + (bytes(i) - '0'); i += 1 }
    intPart * Price.Scale + frac * Pow10(Price.FractionDigits - fracDigits)
  }

  /** `digits` to a quantity; `Quantity.Unrepresentable` when too long for a `Long`. */
  def parseQuantity(bytes: Array[Byte], from: Int, to: Int): Long = {
    if (!isDigits(bytes, from, to)) return Malformed
    var i = from
    while (i < to - 1 && bytes(i) == '0') i += 1
    if (to - i > 18) return Quantity.Unrepresentable.units
    var v = 0L
    while (i < to) { v = v * 10 + (bytes(i) - '0'); i += 1 }
    v
  }

  /** `digits` to an id in 1..Long.MaxValue; `Malformed` for anything else. */
  def parseOrderId(bytes: Array[Byte], from: Int, to: Int): Long = {
    if (!isDigits(bytes, from, to)) return Malformed
    var i = from
    while (i < to - 1 && bytes(i) == '0') i += 1
    if (to - i > 19) return Malformed
    var v = 0L
    while (i < to) {
      val d = bytes(i) - '0'
      // overflow check before the multiply: v * 10 + d must stay <= Long.MaxValue
      if (v > (Long.MaxValue - d) / 10) return Malformed
      v = v * 10 + d
      i += 1
    }
    if (v == 0L) Malformed else v
  }

  /** Appends the canonical form of a non-negative raw price. */
  def appendPrice(sb: java.lang.StringBuilder, raw: Long): Unit = {
    sb.append(raw / Price.Scale)
    var frac = raw % Price.Scale
    if (frac != 0L) {
      sb.append('.')
      var digits = Price.FractionDigits
      while (frac % 10 == 0) { frac /= 10; digits -= 1 }
      val text = java.lang.Long.toString(frac)
      var pad = digits - text.length
      while (pad > 0) { sb.append('0'); pad -= 1 }
      sb.append(text)
    }
  }
}
