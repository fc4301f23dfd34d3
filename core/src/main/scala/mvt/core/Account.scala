package mvt.core

/** Who placed an order: 0 is the house (orders no client placed), clients are 1 to `Int.MaxValue`. An `Int` at runtime. */
opaque type Account = Int

object Account {

  /** The house: the account of a six-field `add`. */
  val House: Account = 0

  inline def apply(value: Int): Account = value

  /** Parses a client account in 1 to 2147483647 (leading zeros allowed); `None` otherwise. */
  def parse(text: String): Option[Account] = {
    val bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val v = parse(bytes, 0, bytes.length)
    if (v < 0) None else Some(v)
  }

  /** `digits` to a client account in 1..Int.MaxValue, or -1 for anything else (a format error). */
  def parse(bytes: Array[Byte], from: Int, to: Int): Int = {
    if (!DecimalText.isDigits(bytes, from, to)) return -1
    var i = from
    while (i < to - 1 && bytes(i) == '0') i += 1
    if (to - i > 10) return -1
    var v = 0L
    while (i < to) { v = v * 10 + (bytes(i) - '0'); i += 1 }
    if (v < 1L || v > Int.MaxValue) -1 else v.toInt
  }

  extension (a: Account) {
    inline def value: Int = a
    inline def isHouse: Boolean = a == 0
  }

  given Ordering[Account] = Ordering.Int
}
