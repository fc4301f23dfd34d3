package mvt.core

/**
 * How long an add may rest (`spec/order-types.md`): `Gtc` rests until filled or canceled, `Ioc` and `Fok` never
 * rest, `Post` rests but never takes liquidity. A byte at runtime; never allocates.
 */
opaque type TimeInForce = Byte

object TimeInForce {
  val Gtc: TimeInForce = 0
  val Ioc: TimeInForce = 1
  val Fok: TimeInForce = 2
  val Post: TimeInForce = 3

  /** Every time in force, by code. */
  val values: Vector[TimeInForce] = Vector(Gtc, Ioc, Fok, Post)

  private val words = Array("GTC", "IOC", "FOK", "POST")

  /** The time in force with this code (0 to 3); the caller guarantees the range. */
  inline def fromCode(code: Int): TimeInForce = code.toByte

  /** Parses the spec's upper-case word. */
  def parse(text: String): Option[TimeInForce] = {
    val i = words.indexOf(text)
    if (i < 0) None else Some(i.toByte)
  }

  extension (t: TimeInForce) {
    inline def code: Int = t.toInt
    def render: String = words(t.toInt)
  }
}
