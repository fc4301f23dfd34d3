package mvt.analytics

import java.io.{BufferedReader, Reader}
import java.time.Instant
import java.time.format.DateTimeParseException

import scala.collection.immutable.SortedMap
import scala.collection.mutable

/**
 * Reads quotes into one midpoint [[MinuteSeries]] per symbol, gaps filled: the engine's quote feed
 * (`time,symbol,bid,bid_size,ask,ask_size`, from `mvt match --quotes FILE`) or an executions CSV
 * (`time,symbol,bid,ask`). Columns are found by header name; a row with an empty bid or ask is
 * skipped. Streams: memory grows with the minutes of the series, not with the rows. The reader is used
 * by one thread and is not closed here.
 */
object ExecutionsCsv {

  /** The executions header; its four names are the columns every input's header must hold. */
  val Header: String = "time,symbol,bid,ask"

  /** The header of the engine's quote feed; the sizes are not read. */
  val QuoteFeedHeader: String = "time,symbol,bid,bid_size,ask,ask_size"

  private val Required = Header.split(',').toVector

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
    var columns: Option[Columns] = None // None until the header is read
    var error: Option[ExecutionFormatError] = None
    var line = lines.readLine()
    while (line != null && error.isEmpty) {
      lineNo += 1
      val text = if (lineNo == 1) line.stripPrefix("\uFEFF") else line
      val outcome = columns match {
        case _ if text.isBlank => Right(())
        case None => parseHeader(text).map(found => columns = Some(found))
        case Some(found) => parseRow(found, text).flatMap(_.fold(Right(()))(row => add(symbols, row)))
      }
      error = outcome.left.toOption.map(ExecutionFormatError(lineNo, _))
      if (error.isEmpty) line = lines.readLine()
    }
    error.toLeft(SortedMap.from(symbols.view.map((symbol, acc) => symbol -> acc.result())))
  }

  /** Where the required columns sit in the header, and how many fields each row must have. */
  private final case class Columns(header: String, width: Int, time: Int, symbol: Int, bid: Int, ask: Int) {

    /** How messages name a column, as the commands file's do: `field 3 (bid)`, 1-based. */
    def field(name: String): String = {
      val at = name match {
        case "time" => time
        case "symbol" => symbol
        case "bid" => bid
        case _ => ask
      }
      s"field ${at + 1} ($name)"
    }
  }

  private def parseHeader(text: String): Either[String, Columns] = {
    val names = text.split(",", -1).map(_.trim).toVector
    val missing = Required.filterNot(names.contains)
    val repeated = Required.filter(name => names.count(_ == name) > 1)
    def expected(problem: String) =
      s"expected a header naming time, symbol, bid and ask; $problem, found \"${text.trim}\""
    if (missing.nonEmpty) Left(expected(s"missing ${quoted(missing)}"))
    else if (repeated.nonEmpty) Left(expected(s"${quoted(repeated)} more than once"))
    else {
      def at(name: String) = names.indexOf(name)
      Right(Columns(names.mkString(","), names.length, at("time"), at("symbol"), at("bid"), at("ask")))
    }
  }

  private def quoted(names: Seq[String]): String = {
    val each = names.map(name => s"'$name'")
    if (each.length == 1) each.head else s"${each.init.mkString(", ")} and ${each.last}"
  }

  private final case class Row(
      instant: Instant,
      time: String,
      symbol: String,
      bid: Double,
      ask: Double,
      timeField: String
  )

  /** The row, or None for a row with an empty bid or ask: its other fields are still checked. */
  private def parseRow(columns: Columns, text: String): Either[String, Option[Row]] = {
    val fields = text.split(",", -1).map(_.trim)
    if (fields.length != columns.width)
      Left(s"expected ${columns.width} fields (${columns.header}), found ${fields.length}: \"${text.trim}\"")
    else {
      val (time, bidText, askText) = (fields(columns.time), fields(columns.bid), fields(columns.ask))
      for {
        instant <- parseTime(columns.field("time"), time)
        symbol <- parseSymbol(columns.field("symbol"), fields(columns.symbol))
        bid <- parseSide(columns.field("bid"), bidText)
        ask <- parseSide(columns.field("ask"), askText)
        row <- bid.zip(ask) match {
          case Some((b, a)) =>
            Either.cond(
              b <= a,
              Some(Row(instant, time, symbol, b, a, columns.field("time"))),
              s"${columns.field("bid")}: bid $bidText is above ask $askText"
            )
          case None => Right(None)
        }
      } yield row
    }
  }

  /** An empty field is an empty side of the book (a one-sided quote), not an error. */
  private def parseSide(field: String, text: String): Either[String, Option[Double]] =
    if (text.isEmpty) Right(None) else parsePrice(field, text).map(Some(_))

  private def parseTime(field: String, text: String): Either[String, Instant] =
    try Right(Instant.parse(text))
    catch {
      case _: DateTimeParseException =>
        Left(s"$field: expected an ISO-8601 UTC timestamp like 2016-01-29T07:45:13Z, found \"$text\"")
    }

  private def parseSymbol(field: String, text: String): Either[String, String] =
    if (text.isEmpty) Left(s"$field: expected a symbol, found \"\"")
    else if (text.exists(c => c.isWhitespace || c.isControl || c == '"'))
      Left(s"$field: expected a symbol without spaces, control characters or quotes, found \"$text\"")
    else Right(text)

  private def parsePrice(field: String, text: String): Either[String, Double] =
    if (!Decimal.matches(text)) Left(s"$field: expected a decimal, found \"$text\"")
    else {
      // Judged on the text: a tiny positive price reads as 0.0 and is not "not positive".
      val positive = !text.startsWith("-") && text.exists(c => c >= '1' && c <= '9')
      val price = text.toDouble
      if (!positive) Left(s"$field: expected a positive price, found \"$text\"")
      else if (price < SmallestPrice)
        Left(
          s"$field: expected a price of at least $SmallestPrice (the smallest representable), found \"$text\""
        )
      else if (price.isInfinite) Left(s"$field: expected a price in range, found \"$text\"")
      else Right(price)
    }

  private def add(symbols: mutable.HashMap[String, SymbolMinutes], row: Row): Either[String, Unit] = {
    val acc = symbols.getOrElseUpdate(row.symbol, new SymbolMinutes(row.symbol))
    acc.add(row)
  }

  /** One symbol's running state: the last instant seen, the open minute's mean, and the series so far. */
  private final class SymbolMinutes(symbol: String) {
    private val series = new MinuteSeriesBuilder(symbol)
    private var lastInstant = Instant.MIN
    private var lastTime = "" // the text of the time at lastInstant, for messages
    private var openMinute = Long.MinValue // Long.MinValue until the first row
    private var openMean = 0.0
    private var openCount = 0

    def add(row: Row): Either[String, Unit] = {
      val minute = Math.floorDiv(row.instant.getEpochSecond, 60L)
      // The whole instant: the quote feed has many rows a second, told apart only by their nanoseconds.
      if (row.instant.isBefore(lastInstant))
        Left(s"${row.timeField}: ${row.time} is before the previous execution of ${row.symbol} at $lastTime")
      else if (minute != openMinute && openCount > 0 && minute - openMinute - 1 > MaxGapMinutes)
        Left(
          s"${row.timeField}: ${row.time} leaves ${minute - openMinute - 1} minutes without executions of " +
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
        lastInstant = row.instant
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
