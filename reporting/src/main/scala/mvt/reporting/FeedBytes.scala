package mvt.reporting

import mvt.core.{DecimalText, FormatError, Price, Timestamp}

import java.nio.charset.StandardCharsets.UTF_8

/**
 * The feed lines parsed straight from the bytes read, with no `String` per line and no per-field allocation:
 * the path ingest takes on every line. It accepts exactly what [[FeedLine]] accepts; a line it refuses is
 * handed to `FeedLine` for the message that says why (`tradeLine`, `quoteLine`). Not thread-safe (it interns
 * symbols).
 */
final class FeedBytes {

  // symbols seen, interned: a feed names a few dozen of them on millions of lines
  private var names = new Array[String](64)
  private var spelled = new Array[Array[Byte]](64)
  private var used = 0

  // field boundaries of the line being parsed: field k is [starts(k), ends(k))
  private val starts = new Array[Int](11)
  private val ends = new Array[Int](11)

  // the last line parsed
  var time: Long = 0L
  var symbol: String = null
  var price: Long = 0L
  var qty: Long = 0L
  var buyAccount: Int = 0
  var sellAccount: Int = 0
  var bid: Long = 0L
  var ask: Long = 0L
  var twoSided: Boolean = false

  // splits [from, to) at commas into at most `max` + 1 fields; the count found, or max + 1 when there are more
  private def split(b: Array[Byte], from: Int, to: Int, max: Int): Int = {
    var n = 0
    var s = from
    var i = from
    while (i < to) {
      if (b(i) == ',') {
        if (n == max) return max + 1
        starts(n) = s; ends(n) = i; n += 1; s = i + 1
      }
      i += 1
    }
    if (n == max) return max + 1
    starts(n) = s; ends(n) = to
    n + 1
  }

  private def whole(b: Array[Byte], k: Int, max: Long): Long = {
    val from = starts(k)
    val to = ends(k)
    // more than 10 digits (leading zeros aside) is past every bound used here
    var i = from
    while (i < to - 1 && b(i) == '0') i += 1
    if (to == from || to - i > 10 || !DecimalText.isDigits(b, from, to)) return -1L
    var v = 0L
    while (i < to) { v = v * 10 + (b(i) - '0'); i += 1 }
    if (v > max) -1L else v
  }

  private def priceAt(b: Array[Byte], k: Int): Long = {
    val v = DecimalText.parsePrice(b, starts(k), ends(k))
    if (v == DecimalText.Malformed || !Price.fromRaw(v).isValid) -1L else v
  }

  private def symbolAt(b: Array[Byte], k: Int): String = {
    val from = starts(k)
    val len = ends(k) - from
    var i = 0
    while (i < used) {
      val s = spelled(i)
      if (s.length == len && java.util.Arrays.equals(s, 0, len, b, from, from + len)) return names(i)
      i += 1
    }
    if (used == names.length) {
      names = java.util.Arrays.copyOf(names, used * 2)
      spelled = java.util.Arrays.copyOf(spelled, used * 2)
    }
    names(used) = new String(b, from, len, UTF_8)
    spelled(used) = java.util.Arrays.copyOfRange(b, from, from + len)
    used += 1
    names(used - 1)
  }

  /** A trade feed line in `[from, to)`: true and its fields set, or false when `FeedLine.trade` would refuse it. */
  def trade(b: Array[Byte], from: Int, to: Int): Boolean = {
    if (split(b, from, to, 10) != 10) return false
    // "trade"
    if (ends(0) - starts(0) != 5) return false
    val s = starts(0)
    if (b(s) != 't' || b(s + 1) != 'r' || b(s + 2) != 'a' || b(s + 3) != 'd' || b(s + 4) != 'e') return false
    val t = Timestamp.parse(b, starts(1), ends(1))
    if (t == Timestamp.Malformed) return false
    val p = priceAt(b, 3)
    if (p < 0) return false
    val q = whole(b, 4, 1000000000L)
    val buy = whole(b, 6, Int.MaxValue)
    val sell = whole(b, 8, Int.MaxValue)
    if (q < 0 || buy < 0 || sell < 0) return false
    time = t
    symbol = symbolAt(b, 2)
    price = p
    qty = q
    buyAccount = buy.toInt
    sellAccount = sell.toInt
    true
  }

  /** A quote feed line in `[from, to)`: true and its fields set, or false when `FeedLine.quote` would refuse it. */
  def quote(b: Array[Byte], from: Int, to: Int): Boolean = {
    if (split(b, from, to, 6) != 6) return false
    val t = Timestamp.parse(b, starts(0), ends(0))
    if (t == Timestamp.Malformed) return false
    val hasBid = ends(2) > starts(2)
    val hasAsk = ends(4) > starts(4)
    val bd = if (hasBid) priceAt(b, 2) else 0L
    val ak = if (hasAsk) priceAt(b, 4) else 0L
    if (bd < 0 || ak < 0) return false
    time = t
    symbol = symbolAt(b, 1)
    bid = bd
    ask = ak
    twoSided = hasBid && hasAsk
    true
  }

  /** Line `line` of the trade feed in `[from, to)`: None and its fields set, or why `FeedLine` refuses it. */
  def tradeLine(b: Array[Byte], from: Int, to: Int, line: Long): Option[FormatError] =
    if (
      line == 1L && to - from >= 3 && b(from) == 0xef.toByte && b(from + 1) == 0xbb.toByte && b(
        from + 2
      ) == 0xbf.toByte
    )
      tradeLine(b, from + 3, to, 0L) // a byte order mark before the first line: no part of it
        .map(e => e.copy(line = 1L))
    else if (trade(b, from, to)) None
    else
      FeedLine.trade(line, new String(b, from, to - from, UTF_8)) match {
        // the two agree (FeedBytesSuite); should they not, FeedLine's reading stands
        case Right(t) =>
          time = t.time; symbol = t.symbol; price = t.price; qty = t.qty
          buyAccount = t.buyAccount; sellAccount = t.sellAccount
          None
        case Left(e) => Some(e)
      }

  /** Line `line` of the quote feed in `[from, to)`: None and its fields set, or why `FeedLine` refuses it. */
  def quoteLine(b: Array[Byte], from: Int, to: Int, line: Long): Option[FormatError] =
    if (quote(b, from, to)) None
    else
      FeedLine.quote(line, new String(b, from, to - from, UTF_8)) match {
        case Right(q) =>
          time = q.time; symbol = q.symbol; bid = q.bid; ask = q.ask; twoSided = q.twoSided
          None
        case Left(e) => Some(e)
      }
}
