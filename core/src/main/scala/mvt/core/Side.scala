package mvt.core

/** The side of an order: `Side.Buy` (a bid) or `Side.Sell` (an ask). A byte at runtime; never allocates. */
opaque type Side = Byte

object Side {
  inline val BuyCode = 0
  inline val SellCode = 1

  val Buy: Side = 0
  val Sell: Side = 1

  /** Both sides, bids first. */
  val values: Vector[Side] = Vector(Buy, Sell)

  inline def fromCode(code: Int): Side = code.toByte

  /** Parses the spec's `BUY` / `SELL`. */
  def parse(text: String): Option[Side] = text match {
    case "BUY" => Some(Buy)
    case "SELL" => Some(Sell)
    case _ => None
  }

  extension (s: Side) {
    inline def code: Int = s.toInt
    inline def isBuy: Boolean = s == 0
    inline def opposite: Side = (1 - s).toByte
    def render: String = if (s == 0) "BUY" else "SELL"
  }
}
