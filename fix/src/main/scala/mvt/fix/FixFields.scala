package mvt.fix

import mvt.core.{DecimalText, Price, Quantity, Side}

/** Reads the order fields of a FIX message as exact values, or the Text of the reject that says what is wrong. */
private[fix] object FixFields {

  /** ClOrdID (11): 1 to 64 printable ASCII characters (it goes into the order log and back to the client). */
  def clOrdId(s: String): Either[String, String] =
    if (s.nonEmpty && s.length <= 64 && s.forall(c => c > ' ' && c < 127)) Right(s)
    else Left(s"ClOrdID (11): expected 1 to 64 printable characters without spaces, found \"${s.take(64)}\"")

  def side(s: String): Either[String, Side] = s match {
    case "1" => Right(Side.Buy)
    case "2" => Right(Side.Sell)
    case _ => Left(s"Side (54): expected 1 (buy) or 2 (sell), found \"$s\"")
  }

  /** Price (44): a positive decimal of at most 8 fraction digits below 10000000000, read exactly (no `Double`). */
  def price(s: String): Either[String, Price] = {
    val b = s.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val raw = DecimalText.parsePrice(b, 0, b.length)
    val p = Price.fromRaw(raw)
    if (s.isEmpty) Left("Price (44) is required for a limit order")
    else if (raw == DecimalText.Malformed || !p.isValid)
      Left(
        s"Price (44): expected a positive decimal below 10000000000 with at most 8 fraction digits, found \"$s\""
      )
    else Right(p)
  }

  /** OrderQty (38): whole units from 1 to 1000000000; a fraction of zeros (`100.0`) is accepted. */
  def quantity(s: String): Either[String, Long] = {
    val whole = s.indexOf('.') match {
      case -1 => s
      case i if s.substring(i + 1).forall(_ == '0') => s.substring(0, i)
      case _ => ""
    }
    Quantity.parse(whole).filter(_.isValid).map(_.units)
      .toRight(s"OrderQty (38): expected whole units from 1 to ${Quantity.Max}, found \"$s\"")
  }
}
