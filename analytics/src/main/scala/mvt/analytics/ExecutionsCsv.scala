package mvt.analytics

import java.io.{BufferedReader, Reader}
import java.time.Instant
import java.time.format.DateTimeParseException

import scala.collection.immutable.SortedMap
import scala.collection.mutable

/**
 * Reads an executions CSV (`time,symbol,bid,ask`) into one midpoint [[MinuteSeries]] per symbol,
 * gaps filled. Streams: memory grows with the minutes of the series, not with the rows. The reader is
 * used by one thread and is not closed here.
 */
object ExecutionsCsv {

  val Header: String = "time,symbol,bid,ask"

  /**
   * The longest run of missing minutes that is interpolated: 366 days. A longer one is almost surely a
   * mistyped date, and filling it would take gigabytes.
   */
  val MaxGapMinutes: Long = 366L * 24 * 60

  /**
   * The smallest price read: the least normal double. Below it a double loses precision, and halving
   * the least subnormal gives 0, a midpoint that no return can divide by.
   */
  val SmallestPrice: Double = java.lang.Double.MIN_NORMAL

  private val Decimal = """[+-]?(\d+\.?\d*|\.\d+)""".r

  /** Every symbol's midpoint series, by symbol; or the first problem found. */
  def read(reader: Reader): Either[ExecutionFormatError, SortedMap[String, MinuteSeries]] = {
    val lines = reader match {
      case buffered: BufferedReader => buffered
      case other => new BufferedReader(other)
    }
    val symbols = mutable.HashMap.empty[String, SymbolMinutes]
    var lineNo = 0L
    var headerSeen = false
    var error: Option[ExecutionFormatError] = None
    var line = lines.readLine()
    while (line != null && error.isEmpty) {
      lineNo += 1
      val text = if (lineNo == 1) line.stripPrefix("\uFEFF") else line
      if (text.isBlank) ()
      else if (!headerSeen) {
        headerSeen = true
        val header = text.split(",", -1).map(_.trim).mkString(",")
        if (header != Header)
          error = Some(ExecutionFormatError(lineNo, s"expected the header '$Header', got \"${text.trim}\""))
      } else
        error =
          parseRow(text).flatMap(row => add(symbols, row)).left.toOption.map(ExecutionFormatError(lineNo, _))
      if (error.isEmpty) line = lines.readLine()
    }
    error.toLeft(SortedMap.from(symbols.view.map((symbol, acc) => symbol -> acc.result())))
  }

  private final case class Row(second: Long, time: String, symbol: String, bid: Double, ask: Double)

  private def parseRow(text: String): Either[String, Row] = {
    val fields = text.split(",", -1).map(_.trim)
    if (fields.length != 4)
      Left(s"expected 4 fields ($Header), got ${fields.length}: \"${text.trim}\"")
    else
      for {
        second <- parseTime(fields(0))
        symbol <- parseSymbol(fields(1))
        bid <- parsePrice("bid", fields(2))
        ask <- parsePrice("ask", fields(3))
        _ <- Either.cond(bid <= ask, (), s"field 'bid': bid ${fields(2)} is above ask ${fields(3)}")
      } yield Row(second, fields(0), symbol, bid, ask)
  }

  private def parseTime(text: String): Either[String, Long] =
    try Right(Instant.parse(text).getEpochSecond)
    catch {
      case _: DateTimeParseException =>
        Left(s"field 'time': expected an ISO-8601 UTC timestamp like 2016-01-29T07:45:13Z, got \"$text\"")
    }

  private def parseSymbol(text: String): Either[String, String] =
    if (text.isEmpty) Left("field 'symbol': is empty")
    else if (text.exists(c => c.isWhitespace || c.isControl || c == '"'))
      Left(s"field 'symbol': must not hold spaces, control characters or quotes, got \"$text\"")
    else Right(text)

  private def parsePrice(field: String, text: String): Either[String, Double] =
    if (!Decimal.matches(text)) Left(s"field '$field': expected a decimal, got \"$text\"")
    else {
      // Judged on the text: a tiny positive price reads as 0.0 and is not "not positive".
      val positive = !text.startsWith("-") && text.exists(c => c >= '1' && c <= '9')
      val price = text.toDouble
      if (!positive) Left(s"field '$field': a price must be positive, got $text")
      else if (price < SmallestPrice)
        Left(s"field '$field': below the smallest representable price ($SmallestPrice), got $text")
      else if (price.isInfinite) Left(s"field '$field': out of range, got $text")
      else Right(price)
    }

  private def add(symbols: mutable.HashMap[String, SymbolMinutes], row: Row): Either[String, Unit] = {
    val acc = symbols.getOrElseUpdate(row.symbol, new SymbolMinutes(row.symbol))
    acc.add(row)
  }

  /** One symbol's running state: the last second seen, the open minute's mean, and the series so far. */
  private final class SymbolMinutes(symbol: String) {
    private val series = new MinuteSeriesBuilder(symbol)
    private var lastSecond = Long.MinValue
    private var lastTime = "" // the text of the time at lastSecond, for messages
    private var openMinute = Long.MinValue // Long.MinValue until the first row
    private var openMean = 0.0
    private var openCount = 0

    def add(row: Row): Either[String, Unit] = {
      val minute = Math.floorDiv(row.second, 60L)
      if (row.second < lastSecond)
        Left(s"field 'time': ${row.time} is before the previous execution of ${row.symbol} at $lastTime")
      else if (minute != openMinute && openCount > 0 && minute - openMinute - 1 > MaxGapMinutes)
        Left(
          s"field 'time': ${row.time} leaves ${minute - openMinute - 1} minutes without executions of " +
            s"${row.symbol} since $lastTime, more than the $MaxGapMinutes that are interpolated"
        )
      else {
        if (minute != openMinute) {
          close()
          openMinute = minute
        }
        // Halves first and a running mean rather than a sum: prices near Double.MaxValue would overflow
        // either sum to Infinity, and every return and frame after it to NaN.
        val midpoint = row.bid / 2 + row.ask / 2
        openCount += 1
        openMean += (midpoint - openMean) / openCount
        lastSecond = row.second
        lastTime = row.time
        Right(())
      }
    }

    private def close(): Unit =
      if (openCount > 0) {
        series.add(Minute.ofEpochMinute(openMinute), openMean)
        openMean = 0.0
        openCount = 0
      }

    def result(): MinuteSeries = {
      close()
      series.result()
    }
  }
}
