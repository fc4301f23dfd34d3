package mvt.core

import java.io.InputStream
import java.nio.charset.StandardCharsets

/**
 * Streams a commands file line by line in constant memory, exposing the current command as primitive fields.
 * Parses bytes in place: a known symbol and every number are read without allocating. Not thread-safe.
 */
final class CommandReader(in: InputStream, symbols: SymbolTable = new SymbolTable) {
  import CommandReader.*

  /** `Add`, `Cancel`, `Time`, `Modify`, or `Done` after the end of input. */
  var kind: Int = Done
  var symbol: Symbol = Symbol.unsafe("NONE")
  var id: OrderId = OrderId(0L)
  var side: Side = Side.Buy
  var price: Price = Price.fromRaw(0L)
  var qty: Quantity = Quantity(0L)
  var account: Account = Account.House

  /** The add's time in force: GTC unless its eighth field says otherwise. */
  var tif: TimeInForce = TimeInForce.Gtc

  /** The session clock: the instant of the last `time` line, or the epoch before the first. */
  var time: Timestamp = Timestamp.Epoch

  private var buf = new Array[Byte](1 << 16)
  private var start = 0 // first unread byte
  private var limit = 0 // end of valid bytes in buf
  private var scan = 0 // bytes in [start, scan) hold no newline
  private var eof = false
  private var line = 0L
  private val commas = new Array[Int](MaxFields)

  /** 1-based number of the line last read. */
  def lineNumber: Long = line

  /**
   * Advances to the next command, skipping blank and `#` lines; false at the end of input.
   * @throws FormatError
   *   for a line that is not a command; the reader is then unusable
   */
  def next(): Boolean = {
    while (true) {
      val end = lineEnd()
      if (end < 0) { kind = Done; return false }
      line += 1
      var s = start
      start = math.min(end + 1, limit)
      scan = start
      var e = end
      if (e > s && buf(e - 1) == '\r') e -= 1
      if (
        line == 1 && e - s >= 3 && buf(s) == 0xef.toByte && buf(s + 1) == 0xbb.toByte && buf(s + 2) == 0xbf.toByte
      )
        s += 3
      if (e > s && buf(s) != '#') { parse(s, e); return true }
    }
    false
  }

  /**
   * True when the next line is already in memory (or the input has ended), so `next()` will not wait for input.
   * Lets a caller hand over what it has read before blocking on a slow stream.
   */
  def ready: Boolean = {
    // blank and comment lines are skipped by next(): look past them to a command line
    var s = start
    var i = scan
    while (true) {
      while (i < limit && buf(i) != '\n') i += 1
      if (s == start) scan = i // the line at start holds no newline before i
      if (i >= limit) return eof
      val first = buf(s)
      if (i > s && first != '#' && !(first == '\r' && i == s + 1)) return true
      s = i + 1
      i = s
    }
    false
  }

  /** The current command as a value (allocates). */
  def command: Command =
    if (kind == Add) Command.Add(symbol, id, side, price, qty, account, tif)
    else if (kind == Cancel) Command.Cancel(symbol, id)
    else if (kind == Modify) Command.Modify(symbol, id, price, qty)
    else Command.Time(time)

  /** Index of the newline ending the next line, or `limit` for a last line without one, or -1 at the end. */
  private def lineEnd(): Int = {
    while (true) {
      var i = scan
      while (i < limit) {
        if (buf(i) == '\n') return i
        i += 1
      }
      scan = limit
      if (eof) return if (start < limit) limit else -1
      fill()
    }
    -1
  }

  private def fill(): Unit = {
    if (start > 0) {
      System.arraycopy(buf, start, buf, 0, limit - start)
      limit -= start
      scan -= start
      start = 0
    }
    if (limit == buf.length) {
      if (buf.length >= MaxLineBytes) throw FormatError(line + 1, s"line longer than $MaxLineBytes bytes")
      buf = java.util.Arrays.copyOf(buf, buf.length * 2)
    }
    val n = in.read(buf, limit, buf.length - limit)
    if (n < 0) eof = true else limit += n
  }

  private def parse(s: Int, e: Int): Unit = {
    var fields = 1
    var i = s
    while (i < e) {
      if (buf(i) == ',') {
        // only the first MaxFields - 1 separators matter; the rest are only counted for the message
        if (fields < MaxFields) commas(fields - 1) = i
        fields += 1
      }
      i += 1
    }
    val wordEnd = if (fields > 1) commas(0) else e
    if (is(s, wordEnd, AddWord)) {
      if (fields < 6 || fields > 8)
        throw FormatError(
          line,
          s"add needs 6 or 7 fields, or 8 with a time in force (${AddShape}[,<account>[,<tif>]]), found $fields"
        )
      kind = Add
      symbol = parseSymbol(commas(0) + 1, commas(1))
      id = parseId(commas(1) + 1, commas(2))
      side = parseSide(commas(2) + 1, commas(3))
      price = parsePrice(5, commas(3) + 1, commas(4))
      if (fields == 6) {
        qty = parseQty(6, commas(4) + 1, e)
        account = Account.House
        tif = TimeInForce.Gtc
      } else if (fields == 7) {
        qty = parseQty(6, commas(4) + 1, commas(5))
        account = parseAccount(commas(5) + 1, e)
        tif = TimeInForce.Gtc
      } else {
        qty = parseQty(6, commas(4) + 1, commas(5))
        // only the 8-field form may leave the account empty: the house
        account = if (commas(6) == commas(5) + 1) Account.House else parseAccount(commas(5) + 1, commas(6))
        tif = parseTif(commas(6) + 1, e)
      }
    } else if (is(s, wordEnd, TimeWord)) {
      if (fields != 2) throw FormatError(line, s"time needs 2 fields (${TimeShape}), found $fields")
      val at = Timestamp.parse(buf, commas(0) + 1, e)
      if (at == Timestamp.Malformed) fieldError(2, "instant", Timestamp.Form, commas(0) + 1, e)
      if (at < time.epochNanos)
        throw FormatError(
          line,
          s"field 2 (instant): the clock never goes back, found ${Timestamp.fromEpochNanos(at).render} after ${time.render}"
        )
      kind = Time
      time = Timestamp.fromEpochNanos(at)
    } else if (is(s, wordEnd, ModifyWord)) {
      if (fields != 5) throw FormatError(line, s"modify needs 5 fields (${ModifyShape}), found $fields")
      kind = Modify
      symbol = parseSymbol(commas(0) + 1, commas(1))
      id = parseId(commas(1) + 1, commas(2))
      price = parsePrice(4, commas(2) + 1, commas(3))
      qty = parseQty(5, commas(3) + 1, e)
    } else if (is(s, wordEnd, CancelWord)) {
      if (fields != 3) throw FormatError(line, s"cancel needs 3 fields (${CancelShape}), found $fields")
      kind = Cancel
      symbol = parseSymbol(commas(0) + 1, commas(1))
      id = parseId(commas(1) + 1, e)
    } else
      throw FormatError(line, s"unknown command ${quote(s, wordEnd)} (expected add, cancel, modify or time)")
  }

  private def is(s: Int, e: Int, word: Array[Byte]): Boolean =
    java.util.Arrays.equals(buf, s, e, word, 0, word.length)

  private def parseSymbol(s: Int, e: Int): Symbol = {
    var ok = e - s >= 1 && e - s <= Symbol.MaxLength
    var i = s
    while (ok && i < e) { ok = Symbol.isSymbolByte(buf(i)); i += 1 }
    if (!ok) fieldError(2, "symbol", "1 to 12 characters of A-Z, 0-9, '.', '-'", s, e)
    symbols.intern(buf, s, e)
  }

  private def parseId(s: Int, e: Int): OrderId = {
    val v = DecimalText.parseOrderId(buf, s, e)
    if (v == DecimalText.Malformed)
      fieldError(3, "order-id", "a decimal integer from 1 to 9223372036854775807", s, e)
    OrderId(v)
  }

  private def parseSide(s: Int, e: Int): Side =
    if (is(s, e, BuyWord)) Side.Buy
    else if (is(s, e, SellWord)) Side.Sell
    else fieldError(4, "side", "BUY or SELL", s, e)

  private def parsePrice(field: Int, s: Int, e: Int): Price = {
    val v = DecimalText.parsePrice(buf, s, e)
    if (v == DecimalText.Malformed) fieldError(field, "price", "a decimal digits[.digits]", s, e)
    Price.fromRaw(v)
  }

  private def parseQty(field: Int, s: Int, e: Int): Quantity = {
    val v = DecimalText.parseQuantity(buf, s, e)
    if (v == DecimalText.Malformed) fieldError(field, "quantity", "a whole number (digits only)", s, e)
    Quantity(v)
  }

  private def parseTif(s: Int, e: Int): TimeInForce =
    if (is(s, e, GtcWord)) TimeInForce.Gtc
    else if (is(s, e, IocWord)) TimeInForce.Ioc
    else if (is(s, e, FokWord)) TimeInForce.Fok
    else if (is(s, e, PostWord)) TimeInForce.Post
    else fieldError(8, "tif", "GTC, IOC, FOK or POST", s, e)

  private def parseAccount(s: Int, e: Int): Account = {
    val v = Account.parse(buf, s, e)
    if (v < 0) fieldError(7, "account", "a decimal integer from 1 to 2147483647", s, e)
    Account(v)
  }

  private def fieldError(n: Int, name: String, expected: String, s: Int, e: Int): Nothing =
    throw FormatError(line, s"field $n ($name): expected $expected, found ${quote(s, e)}")

  private def quote(s: Int, e: Int): String = {
    val text = FormatError.visible(new String(buf, s, math.min(e - s, 40), StandardCharsets.UTF_8))
    if (e - s > 40) s"\"$text...\"" else s"\"$text\""
  }
}

object CommandReader {
  inline val Done = 0
  inline val Add = 1
  inline val Cancel = 2
  inline val Time = 3

  /** The `modify` command; 4 is the command log's symbol record, never a command. */
  inline val Modify = 5

  private inline val MaxFields = 8
  private val MaxLineBytes = 1 << 20
  private val AddWord = "add".getBytes(StandardCharsets.US_ASCII)
  private val CancelWord = "cancel".getBytes(StandardCharsets.US_ASCII)
  private val BuyWord = "BUY".getBytes(StandardCharsets.US_ASCII)
  private val TimeWord = "time".getBytes(StandardCharsets.US_ASCII)
  private val ModifyWord = "modify".getBytes(StandardCharsets.US_ASCII)
  private val GtcWord = "GTC".getBytes(StandardCharsets.US_ASCII)
  private val IocWord = "IOC".getBytes(StandardCharsets.US_ASCII)
  private val FokWord = "FOK".getBytes(StandardCharsets.US_ASCII)
  private val PostWord = "POST".getBytes(StandardCharsets.US_ASCII)
  private val SellWord = "SELL".getBytes(StandardCharsets.US_ASCII)
  private val AddShape = "add,<symbol>,<order-id>,<side>,<price>,<quantity>"
  private val CancelShape = "cancel,<symbol>,<order-id>"
  private val ModifyShape = "modify,<symbol>,<order-id>,<price>,<quantity>"
  private val TimeShape = "time,<instant>"

  /** Reads a whole input into values: the commands, or the first format error. */
  def readAll(in: InputStream): Either[FormatError, Vector[Command]] = {
    val reader = new CommandReader(in)
    val out = Vector.newBuilder[Command]
    try {
      while (reader.next()) out += reader.command
      Right(out.result())
    } catch { case e: FormatError => Left(e) }
  }

  /** Parses command text (for tests and small inputs). */
  def parse(text: String): Either[FormatError, Vector[Command]] =
    readAll(new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))
}
