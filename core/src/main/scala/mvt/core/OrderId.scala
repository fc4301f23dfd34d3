package mvt.core

/** A client order id, 1 to `Long.MaxValue`; a `Long` at runtime. */
opaque type OrderId = Long

object OrderId {
  inline def apply(value: Long): OrderId = value

  /** Parses a decimal id in range; `None` otherwise (a format error in a commands file). */
  def parse(text: String): Option[OrderId] = {
    val bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val v = DecimalText.parseOrderId(bytes, 0, bytes.length)
    if (v == DecimalText.Malformed) None else Some(v)
  }

  extension (id: OrderId) inline def value: Long = id
}
