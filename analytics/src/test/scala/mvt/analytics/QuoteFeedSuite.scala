package mvt.analytics

import java.nio.charset.StandardCharsets.UTF_8
import java.time.Instant

import scala.collection.immutable.SortedMap
import scala.util.Random

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** [[ExecutionsCsv]] on the engine's quote feed: columns found by name, one-sided rows skipped. */
class QuoteFeedSuite extends ScalaCheckSuite with ExecutionsText {

  private def assertValues(s: MinuteSeries, expected: Double*)(implicit loc: munit.Location): Unit = {
    assertEquals(s.length, expected.length, s.toString)
    s.values.toSeq.zip(expected).foreach((got, want) => assertEqualsDouble(got, want, 1e-12))
  }

  private val feed = ExecutionsCsv.QuoteFeedHeader + "\n"

  // The executions suite's worked example as the engine would write it: the same two-sided quotes, with
  // one-sided and empty books between them and times to the nanosecond.
  private val workedQuotes =
    """time,symbol,bid,bid_size,ask,ask_size
      |2016-01-29T07:45:00Z,EURUSD,2.3,100,,
      |2016-01-29T07:45:13Z,EURUSD,2.3,100,2.5,7
      |2016-01-29T07:45:13.500Z,EURUSD,,,2.5,7
      |2016-01-29T07:46:02.000000001Z,EURUSD,2.1,1,2.4,1
      |2016-01-29T07:46:30.000250Z,EURUSD,,,,
      |2016-01-29T07:47:59.999999999Z,EURUSD,2.9,5,3.4,5
      |2016-01-29T07:48:00Z,EURUSD,3.2,5,3.4,5
      |2016-01-29T07:49:30.000250Z,EURUSD,3.1,5,3.3,5
      |""".stripMargin

  /** `csv` with its columns in the order `names`; a name the file lacks becomes a column of `x`. */
  private def reorder(csv: String, names: Seq[String]): String = {
    val lines = csv.linesIterator.toList
    val header = lines.head.split(",", -1).toSeq
    val rows = lines.tail.map { line =>
      val byName = header.zip(line.split(",", -1)).toMap
      names.map(byName.getOrElse(_, "x")).mkString(",")
    }
    (names.mkString(",") :: rows).mkString("", "\n", "\n")
  }

  test("the quote feed gives the worked example's midpoints 2.4, 2.25, 3.15, 3.3, 3.2") {
    val s = ok(workedQuotes)("EURUSD")
    assertEquals(s.start.iso, "2016-01-29T07:45Z")
    assertValues(s, 2.4, 2.25, 3.15, 3.3, 3.2)
  }

  test("columns are found by name in any order, and other columns are ignored") {
    val expected = ok(workedQuotes)("EURUSD").values.toSeq
    Seq(
      Seq("symbol", "time", "ask", "ask_size", "bid", "bid_size"),
      Seq("venue", "ask", "bid", "symbol", "time", ""),
      Seq("time", "symbol", "bid", "ask") // the old executions format, holding the same rows
    ).foreach { names =>
      assertEquals(ok(reorder(workedQuotes, names))("EURUSD").values.toSeq, expected, names)
    }
  }

  test("a row with an empty side is skipped, and a symbol that is never two-sided has no series") {
    assertEquals(ok(feed + "2026-01-05T14:30:00Z,ACME,,,,\n2026-01-05T14:30:00Z,ACME,10,1,,\n"), Map.empty)
    val all = ok(feed + """2026-01-05T14:30:00Z,ACME,,,10.05,100
                          |2026-01-05T14:30:00Z,ZED,5,1,,
                          |2026-01-05T14:30:00.000000001Z,ACME,10,100,10.05,100
                          |2026-01-05T14:30:01Z,ACME,10,100,,
                          |""".stripMargin)
    assertEquals(all.keySet, Set("ACME"))
    assertValues(all("ACME"), 10.025)
  }

  test("a skipped row's other fields must still be well formed; its sizes are not read") {
    assert(error(feed + "yesterday,ACME,,,10,1\n").detail.startsWith("field 1 (time): "))
    assertEquals(
      error(feed + "2026-01-05T14:30:00Z,,,,10,1\n").detail,
      "field 2 (symbol): expected a symbol, found \"\""
    )
    assertEquals(
      error(feed + "2026-01-05T14:30:00Z,ACME,abc,1,,\n"),
      ExecutionFormatError(2, "field 3 (bid): expected a decimal, found \"abc\"")
    )
    assertEquals(
      error(feed + "2026-01-05T14:30:00Z,ACME,,,0,1\n").detail,
      "field 5 (ask): expected a positive price, found \"0\""
    )
    assertValues(ok(feed + "2026-01-05T14:30:00Z,ACME,10,lots,11,\n")("ACME"), 10.5)
  }

  test("a skipped row takes no part in the time order") {
    val all = ok(feed + """2026-01-05T14:31:00Z,ACME,10,1,10,1
                          |2026-01-05T14:30:00Z,ACME,10,1,,
                          |2026-01-05T14:32:00Z,ACME,12,1,12,1
                          |""".stripMargin)
    assertValues(all("ACME"), 10.0, 12.0)
  }

  private def resource(name: String): String = {
    val in = getClass.getResourceAsStream(s"/$name")
    assert(in != null, s"test resource $name")
    try new String(in.readAllBytes(), UTF_8)
    finally in.close()
  }

  test("conformance 41-clock-quotes: the epoch row and ZED are one-sided; ACME runs a day and a minute") {
    val all = ok(resource("41-clock-quotes.quotes.csv"))
    assertEquals(all.keySet, Set("ACME"))
    val s = all("ACME")
    assertEquals(s.start.iso, "2026-01-05T14:30Z")
    assertEquals(s.length, 24 * 60 + 1)
    assertEqualsDouble(s.values.head, 10.01, 1e-12)
    assertEqualsDouble(s.values.last, 10.015, 1e-12)
  }

  test("conformance 42-random-day: every minute's midpoint matches an exact recomputation from the file") {
    val text = resource("42-random-day.quotes.csv")
    // Independent of the reader: split by hand, exact decimals, the mean of (bid + ask) / 2 per minute,
    // then the straight line between known minutes.
    val lines = text.linesIterator.toList
    val header = lines.head.split(",", -1).toSeq
    val quotes = lines.tail.map(l => header.zip(l.split(",", -1)).toMap)
      .filter(q => q("bid").nonEmpty && q("ask").nonEmpty)
    def minuteOf(q: Map[String, String]) = Math.floorDiv(Instant.parse(q("time")).getEpochSecond, 60L)
    def midpoint(q: Map[String, String]) = (BigDecimal(q("bid")) + BigDecimal(q("ask"))) / 2
    val known = quotes.groupBy(_("symbol")).map { (symbol, rows) =>
      val means =
        rows.groupBy(minuteOf).map((minute, inMinute) => minute -> inMinute.map(midpoint).sum / inMinute.size)
      symbol -> SortedMap.from(means)
    }
    val got = ok(text)
    assertEquals(got.keySet, known.keySet)
    assertEquals(got.keySet, Set("S0", "S1", "S2"))
    known.foreach { (symbol, means) =>
      val s = got(symbol)
      assertEquals(s.start.epochMinute, means.firstKey, symbol)
      assertEquals(s.length.toLong, means.lastKey - means.firstKey + 1, symbol)
      means.keys.zip(means.keys.drop(1)).foreach { (before, after) =>
        (before until after).foreach { m =>
          val expected = means(before) + (means(after) - means(before)) * (m - before) / (after - before)
          val value = s.values((m - means.firstKey).toInt)
          assertEqualsDouble(value, expected.toDouble, 1e-12 * expected.toDouble, s"$symbol minute $m")
        }
      }
      assertEqualsDouble(s.values.last, means(means.lastKey).toDouble, 1e-12 * s.values.last)
    }
  }

  // A random quote feed: symbols interleaved, many quotes a second, nanosecond times, one-sided and
  // empty books among the two-sided ones.
  private final case class Quote(
      nanos: Long,
      symbol: String,
      bid: Option[BigDecimal],
      ask: Option[BigDecimal]
  ) {
    def time: String = Instant.ofEpochSecond(0L, nanos).toString
  }

  private val start = Instant.parse("2026-01-05T14:30:00Z").getEpochSecond * 1000000000L

  private val step: Gen[Long] = Gen.frequency(
    2 -> Gen.const(0L), // another quote at the same instant
    3 -> Gen.choose(1L, 999L).map(_ * 1000000L),
    2 -> Gen.choose(1L, 999999L).map(_ * 1000L),
    2 -> Gen.choose(1L, 999999999L),
    3 -> Gen.choose(1L, 600L).map(_ * 1000000000L) // later minutes, leaving gaps
  )

  private val sides: Gen[(Option[BigDecimal], Option[BigDecimal])] =
    for {
      bidCents <- Gen.choose(1, 100000)
      spread <- Gen.choose(0, 500)
      shown <- Gen.frequency(
        5 -> Gen.const((true, true)),
        2 -> Gen.const((true, false)),
        2 -> Gen.const((false, true)),
        1 -> Gen.const((false, false))
      )
    } yield {
      val (bid, ask) = (BigDecimal(bidCents) / 100, BigDecimal(bidCents + spread) / 100)
      (Option.when(shown._1)(bid), Option.when(shown._2)(ask))
    }

  private val quoteFeeds: Gen[List[Quote]] =
    for {
      symbols <- Gen.choose(1, 3).map(n => List("A", "B", "C").take(n))
      perSymbol <- Gen.sequence[List[List[Quote]], List[Quote]](symbols.map { s =>
        for {
          n <- Gen.choose(0, 40)
          steps <- Gen.listOfN(n, step)
          books <- Gen.listOfN(n, sides)
        } yield steps.scanLeft(start)(_ + _).tail.zip(books).map { case (t, (bid, ask)) =>
          Quote(t, s, bid, ask)
        }
      })
    } yield perSymbol.flatten.sortBy(_.nanos) // stable: each symbol stays in its own order

  private def price(p: Option[BigDecimal]) = p.fold("")(_.bigDecimal.toPlainString)

  // A side's size is written only with its price, as the engine does; the reader ignores it anyway.
  private def quoteFeed(quotes: List[Quote]): String =
    quotes.map { q =>
      val (bidSize, askSize) = (q.bid.fold("")(_ => "100"), q.ask.fold("")(_ => "7"))
      s"${q.time},${q.symbol},${price(q.bid)},$bidSize,${price(q.ask)},$askSize\n"
    }.mkString(feed, "", "")

  private def executions(quotes: List[Quote]): String =
    quotes.filter(q => q.bid.isDefined && q.ask.isDefined)
      .map(q => s"${q.time},${q.symbol},${price(q.bid)},${price(q.ask)}")
      .mkString(s"${ExecutionsCsv.Header}\n", "\n", "\n")

  property("a quote feed gives the same series as an executions file of its two-sided rows") {
    forAll(quoteFeeds, Gen.long) { (quotes, seed) =>
      val columns = new Random(seed).shuffle(ExecutionsCsv.QuoteFeedHeader.split(',').toList)
      val fromFeed = ok(reorder(quoteFeed(quotes), columns))
      val fromExecutions = ok(executions(quotes))
      assertEquals(fromFeed.keySet, fromExecutions.keySet)
      fromExecutions.foreach { (symbol, s) =>
        assertEquals(fromFeed(symbol).start, s.start, symbol)
        assertEquals(fromFeed(symbol).values.toSeq, s.values.toSeq, symbol)
      }
    }
  }
}
