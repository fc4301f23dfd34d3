package mvt.reporting

import mvt.core.{DecimalText, FormatError, Price, Timestamp}

import java.nio.charset.StandardCharsets.US_ASCII

/** A line of the trade or the quote feed, parsed; `time` is epoch nanoseconds, prices are 1e-8 units. */
enum FeedLine {
  case Trade(time: Long, symbol: String, price: Long, qty: Long, buyAccount: Int, sellAccount: Int)
  case Quote(time: Long, symbol: String, bid: Long, ask: Long, twoSided: Boolean)

  def time: Long
}

object FeedLine {
  val QuoteHeader = "time,symbol,bid,bid_size,ask,ask_size"

  /** A byte order mark some editors put before a file's first line: no part of the data, and skipped there. */
  val Bom = "\uFEFF"

  /** Why line 1 of the quote feed is not its header, if it is not (a byte order mark before it is allowed). */
  def header(text: String): Option[FormatError] =
    Option.when(text.stripPrefix(Bom) != QuoteHeader)(
      FormatError(1, s"expected the header $QuoteHeader, found \"${FormatError.visible(text.take(60))}\"")
    )

  /**
   * Why a line whose time is before `before` is refused: before the line above it when there is one, else
   * before the last line already folded from the feeds before it (a resumed feed, or an earlier session).
   */
  def timeGoesBack(lineAbove: Boolean, before: Long): String =
    if (lineAbove) "the time goes back, before the line above it"
    else s"the time goes back, before ${Timestamp.fromEpochNanos(before).render}, the last time already read"

  private def bad(line: Long, n: Int, name: String, expected: String, found: String): FormatError =
    FormatError(
      line,
      s"field $n ($name): expected $expected, found \"${FormatError.visible(found.take(40))}\""
    )

  private def instant(line: Long, n: Int, text: String): Either[FormatError, Long] =
    Timestamp.parse(text).map(_.epochNanos).toRight(bad(line, n, "time", Timestamp.Form, text))

  private def price(line: Long, n: Int, name: String, text: String): Either[FormatError, Long] = {
    val b = text.getBytes(US_ASCII)
    val v = DecimalText.parsePrice(b, 0, b.length)
    if (v == DecimalText.Malformed || !Price.fromRaw(v).isValid) Left(bad(line, n, name, "a price", text))
    else Right(v)
  }

  private def whole(line: Long, n: Int, name: String, text: String, max: Long): Either[FormatError, Long] =
    text.toLongOption.filter(v => v >= 0 && v <= max && text.forall(_.isDigit))
      .toRight(bad(line, n, name, s"a whole number from 0 to $max", text))

  /** A trade feed line (`trade,time,symbol,price,qty,buy-id,buy-account,sell-id,sell-account,aggressor`). */
  def trade(line: Long, text: String): Either[FormatError, Trade] = {
    val f = text.split(",", -1)
    if (f.length != 10)
      Left(FormatError(
        line,
        s"expected a trade line of 10 fields starting with trade, found ${f.length} fields"
      ))
    else if (f(0) != "trade") Left(bad(line, 1, "kind", "trade", f(0)))
    else
      for {
        t <- instant(line, 2, f(1))
        p <- price(line, 4, "price", f(3))
        q <- whole(line, 5, "quantity", f(4), 1000000000L)
        b <- whole(line, 7, "buy-account", f(6), Int.MaxValue)
        s <- whole(line, 9, "sell-account", f(8), Int.MaxValue)
      } yield Trade(t, f(2), p, q, b.toInt, s.toInt)
  }

  /** A quote feed line (`time,symbol,bid,bid_size,ask,ask_size`; an empty side is two empty fields). */
  def quote(line: Long, text: String): Either[FormatError, Quote] = {
    val f = text.split(",", -1)
    if (f.length != 6) Left(FormatError(line, s"expected 6 fields ($QuoteHeader), found ${f.length}"))
    else {
      val twoSided = f(2).nonEmpty && f(4).nonEmpty
      for {
        t <- instant(line, 1, f(0))
        b <- if (f(2).isEmpty) Right(0L) else price(line, 3, "bid", f(2))
        a <- if (f(4).isEmpty) Right(0L) else price(line, 5, "ask", f(4))
      } yield Quote(t, f(1), b, a, twoSided)
    }
  }
}
