package mvt.analytics

import java.time.Instant

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

class ExecutionsCsvSuite extends ScalaCheckSuite with ExecutionsText {

  private val worked =
    """time,symbol,bid,ask
      |2016-01-29T07:45:13Z,EURUSD,2.3,2.5
      |2016-01-29T07:46:02Z,EURUSD,2.1,2.4
      |2016-01-29T07:47:59Z,EURUSD,2.9,3.4
      |2016-01-29T07:48:00Z,EURUSD,3.2,3.4
      |2016-01-29T07:49:30Z,EURUSD,3.1,3.3
      |""".stripMargin

  private def minute(iso: String) = Minute.of(Instant.parse(iso))

  private def assertValues(s: MinuteSeries, expected: Double*)(implicit loc: munit.Location): Unit = {
    assertEquals(s.length, expected.length, s.toString)
    s.values.toSeq.zip(expected).foreach((got, want) => assertEqualsDouble(got, want, 1e-12))
  }

  test("the worked example gives midpoints 2.4, 2.25, 3.15, 3.3, 3.2 from 07:45") {
    val s = ok(worked)("EURUSD")
    assertEquals(s.start.iso, "2016-01-29T07:45Z")
    assertValues(s, 2.4, 2.25, 3.15, 3.3, 3.2)
    val r = Analysis.returns(s, 3, ReturnsCalculator.fastest)
    assertEquals((0 until r.length).map(r.minuteAt(_).iso), Seq("2016-01-29T07:48Z", "2016-01-29T07:49Z"))
    assertValues(r, 37.5, 42.22222222222222)
  }

  test("executions in the same minute are averaged into one midpoint") {
    val s = ok("""time,symbol,bid,ask
                 |2016-01-29T07:45:01Z,X,1,3
                 |2016-01-29T07:45:01Z,X,2,4
                 |2016-01-29T07:45:59Z,X,3,5
                 |2016-01-29T07:46:00Z,X,10,10
                 |""".stripMargin)("X")
    assertValues(s, 3.0, 10.0)
  }

  test("a gap of several minutes is filled on the line between its neighbours") {
    val s = ok("""time,symbol,bid,ask
                 |2016-01-29T07:45:00Z,X,1,1
                 |2016-01-29T07:49:00Z,X,3,3
                 |""".stripMargin)("X")
    assertValues(s, 1.0, 1.5, 2.0, 2.5, 3.0)
  }

  test("interleaved symbols each get their own series; time order is checked per symbol") {
    val all = ok("""time,symbol,bid,ask
                   |2016-01-29T07:45:10Z,A,1,1
                   |2016-01-29T07:47:00Z,B,5,5
                   |2016-01-29T07:45:40Z,A,3,3
                   |2016-01-29T07:46:00Z,B,7,7
                   |""".stripMargin.replace("07:46:00Z,B", "07:48:00Z,B"))
    assertEquals(all.keySet, Set("A", "B"))
    assertValues(all("A"), 2.0)
    assertEquals(all("B").start, minute("2016-01-29T07:47:00Z"))
    assertValues(all("B"), 5.0, 7.0)
  }

  test("empty input, a header alone, and blank lines give no series") {
    assertEquals(ok(""), Map.empty[String, MinuteSeries])
    assertEquals(ok("\n\n"), Map.empty[String, MinuteSeries])
    assertEquals(ok("time,symbol,bid,ask"), Map.empty[String, MinuteSeries])
    assertEquals(ok("\uFEFFtime, symbol, bid, ask\r\n\r\n"), Map.empty[String, MinuteSeries])
  }

  test("blank lines are skipped but still counted") {
    val e = error("time,symbol,bid,ask\n\n2016-01-29T07:45:00Z,X,1,1\n   \nbad\n")
    assertEquals(e.line, 5L)
  }

  test("fields may carry spaces around them, and zero spread is fine") {
    assertValues(ok("time,symbol,bid,ask\n 2016-01-29T07:45:00Z , X , 2.5 , 2.5 \n")("X"), 2.5)
  }

  test("error: a header without a required column names the missing ones") {
    assertEquals(
      error("time,symbol,ask,ask_size\n"),
      ExecutionFormatError(
        1,
        "expected a header naming time, symbol, bid and ask; missing 'bid', found \"time,symbol,ask,ask_size\""
      )
    )
    assertEquals(
      error("\n2016-01-29T07:45:00Z,X,1,1\n"),
      ExecutionFormatError(
        2,
        "expected a header naming time, symbol, bid and ask; missing 'time', 'symbol', 'bid' and 'ask', " +
          "found \"2016-01-29T07:45:00Z,X,1,1\""
      )
    )
    assertEquals(
      error("time,symbol,bid,ask,bid\n").detail,
      "expected a header naming time, symbol, bid and ask; 'bid' more than once, found \"time,symbol,bid,ask,bid\""
    )
  }

  test("the quote feed's error for a row with the wrong number of fields shows its header") {
    assertEquals(
      error(s"${ExecutionsCsv.QuoteFeedHeader}\n2026-01-05T14:30:00Z,ACME,10,100\n"),
      ExecutionFormatError(
        2,
        "expected 6 fields (time,symbol,bid,bid_size,ask,ask_size), found 4: \"2026-01-05T14:30:00Z,ACME,10,100\""
      )
    )
    assertEquals(error(s"${ExecutionsCsv.QuoteFeedHeader}\n2026-01-05T14:30:00Z,ACME,,,,,\n").line, 2L)
  }

  test("error: the wrong number of fields") {
    val e = error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1\n")
    assertEquals(
      e,
      ExecutionFormatError(
        2,
        "expected 4 fields (time,symbol,bid,ask), found 3: \"2016-01-29T07:45:00Z,X,1\""
      )
    )
    assertEquals(error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,2,3\n").line, 2L)
  }

  test("error: a time that is not an ISO-8601 timestamp") {
    val e = error("time,symbol,bid,ask\n2016-01-29 07:45:00,X,1,1\n")
    assertEquals(e.line, 2L)
    assertEquals(
      e.detail,
      "field 1 (time): expected an ISO-8601 UTC timestamp like 2016-01-29T07:45:13Z, found \"2016-01-29 07:45:00\""
    )
  }

  test("error: an empty or malformed symbol") {
    assertEquals(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,,1,1\n").detail,
      "field 2 (symbol): expected a symbol, found \"\""
    )
    assert(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,A B,1,1\n").detail.startsWith("field 2 (symbol):")
    )
  }

  test("error: a price that is not a decimal, and the message for a person") {
    val e = error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,abc,1\n")
    assertEquals(
      e.render,
      "line 2: field 3 (bid): expected a decimal, found \"abc\""
    )
    Seq("1e3", "NaN", "Infinity", "0x1p3", "1.2.3").foreach { bad =>
      assert(
        error(s"time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,$bad\n").detail.startsWith(
          "field 4 (ask): expected a decimal"
        ),
        bad
      )
    }
  }

  test("error: a price that is zero or negative") {
    assertEquals(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,0,1\n").detail,
      "field 3 (bid): expected a positive price, found \"0\""
    )
    assertEquals(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,-1,1\n").detail,
      "field 3 (bid): expected a positive price, found \"-1\""
    )
    assertEquals(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,0.000\n").detail,
      "field 4 (ask): expected a positive price, found \"0.000\""
    )
  }

  test("error: a positive price too small for a double says so instead of reading as 0") {
    val tiny = "0." + "0" * 400 + "1"
    assertEquals(
      error(s"time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,$tiny,1\n").detail,
      s"field 3 (bid): expected a price of at least 2.2250738585072014E-308 (the smallest representable), found \"$tiny\""
    )
    // A subnormal double is refused too: halving the least one gives a midpoint of 0.
    val subnormal = "0." + "0" * 310 + "1"
    assert(
      error(s"time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,$subnormal\n").detail.startsWith(
        "field 4 (ask): expected a price of at least"
      )
    )
    val smallest = BigDecimal(ExecutionsCsv.SmallestPrice).bigDecimal.toPlainString
    assertValues(
      ok(s"time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,$smallest,$smallest\n")("X"),
      2.2250738585072014e-308
    )
  }

  test("prices near the largest double give finite midpoints, returns and frames, never NaN") {
    def plain(d: Double) = BigDecimal(d).bigDecimal.toPlainString
    val (high, top) = (plain(1.6e308), plain(Double.MaxValue))
    val s = ok(s"""time,symbol,bid,ask
                  |2016-01-29T07:45:00Z,X,$top,$top
                  |2016-01-29T07:45:30Z,X,$top,$top
                  |2016-01-29T07:45:59Z,X,$high,$top
                  |2016-01-29T07:47:00Z,X,$high,$high
                  |2016-01-29T07:48:00Z,X,1,$top
                  |""".stripMargin)("X")
    assert(s.values.forall(v => v > 0 && !v.isInfinite), s.toString)
    assertEqualsDouble(s.values(0), Double.MaxValue / 3 * 2 + (1.6e308 / 2 + Double.MaxValue / 2) / 3, 1e295)
    assertEqualsDouble(s.values(2), 1.6e308, 0.0)
    assertEqualsDouble(s.values(3), Double.MaxValue / 2, 0.0)
    val returns = Analysis.returns(s, 1, ReturnsCalculator.fastest)
    val frame = Analysis.frame(scala.collection.immutable.SortedMap("X" -> s), 1, ReturnsCalculator.fastest)
    assertEquals(returns.length, 3)
    assert(returns.values.forall(v => !v.isNaN && !v.isInfinite), returns.toString)
    val scaled = frame.columns.flatMap(_.toSeq)
    assertEquals(scaled.length, 3)
    assert(scaled.forall(v => v >= -1 && v <= 1), scaled.toString) // false for NaN
  }

  test("error: bid above ask") {
    assertEquals(
      error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,2.5,2.4\n"),
      ExecutionFormatError(2, "field 3 (bid): bid 2.5 is above ask 2.4")
    )
  }

  test("error: a symbol going back in time, compared to the nanosecond") {
    val text = """time,symbol,bid,ask
                 |2016-01-29T07:45:13Z,X,1,1
                 |2016-01-29T07:44:00Z,Y,1,1
                 |2016-01-29T07:45:12Z,X,1,1
                 |""".stripMargin
    assertEquals(
      error(text),
      ExecutionFormatError(
        4,
        "field 1 (time): 2016-01-29T07:45:12Z is before the previous execution of X at 2016-01-29T07:45:13Z"
      )
    )
    // The same instant again is not going back, in any of its forms.
    assert(read(text.replace("07:45:12Z,X", "07:45:13Z,X")).isRight)
    assert(read(text.replace("07:45:12Z,X", "07:45:13.000Z,X")).isRight)
    val subSecond = """time,symbol,bid,ask
                      |2016-01-29T07:45:13.000250Z,X,1,1
                      |2016-01-29T07:45:13.000250Z,X,1,1
                      |2016-01-29T07:45:13.000250001Z,X,1,1
                      |2016-01-29T07:45:13.00025Z,X,1,1
                      |""".stripMargin
    assertEquals(
      error(subSecond),
      ExecutionFormatError(
        5,
        "field 1 (time): 2016-01-29T07:45:13.00025Z is before the previous execution of X at " +
          "2016-01-29T07:45:13.000250001Z"
      )
    )
  }

  test("error: a gap longer than can sensibly be interpolated") {
    val e = error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,1\n2026-01-29T07:45:00Z,X,1,1\n")
    assertEquals(e.line, 3L)
    assert(e.detail.startsWith("field 1 (time): 2026-01-29T07:45:00Z leaves"), e.detail)
  }

  test("reading stops at the first error and reports its line") {
    assertEquals(error("time,symbol,bid,ask\n2016-01-29T07:45:00Z,X,1,1\nx\ny\n").line, 3L)
  }

  // A random execution stream: several symbols interleaved, several executions per minute, gaps.
  private final case class Exec(second: Long, symbol: String, bid: BigDecimal, ask: BigDecimal)

  private val executions: Gen[List[Exec]] =
    for {
      symbols <- Gen.choose(1, 3).map(n => List("A", "B", "C").take(n))
      perSymbol <- Gen.sequence[List[List[Exec]], List[Exec]](symbols.map { s =>
        for {
          n <- Gen.choose(0, 30)
          steps <- Gen.listOfN(n, Gen.frequency(3 -> Gen.choose(0L, 59L), 2 -> Gen.choose(60L, 600L)))
          quotes <- Gen.listOfN(n, Gen.zip(Gen.choose(1, 100000), Gen.choose(0, 500)))
        } yield steps.scanLeft(1454053500L)(_ + _).tail.zip(quotes).map { case (sec, (bidCents, spread)) =>
          Exec(sec, s, BigDecimal(bidCents) / 100, BigDecimal(bidCents + spread) / 100)
        }
      })
    } yield perSymbol.flatten.sortBy(_.second) // interleaved, each symbol still in time order

  private def csv(rows: List[Exec]): String =
    rows.map(e => s"${Instant.ofEpochSecond(e.second)},${e.symbol},${e.bid},${e.ask}").mkString(
      s"${ExecutionsCsv.Header}\n",
      "\n",
      "\n"
    )

  property("the reader matches a naive model: average per minute, then interpolate") {
    forAll(executions) { rows =>
      val got = ok(csv(rows))
      val model = rows.groupBy(_.symbol).map { (symbol, execs) =>
        val perMinute = execs.groupBy(e => Math.floorDiv(e.second, 60L)).view
          .mapValues(es => es.map(e => (e.bid.toDouble + e.ask.toDouble) / 2).sum / es.size).toMap
        val (first, last) = (perMinute.keys.min, perMinute.keys.max)
        val known = perMinute.keys.toVector.sorted
        symbol -> (first to last).map { m =>
          perMinute.getOrElse(
            m, {
              val before = known.filter(_ < m).max
              val after = known.filter(_ > m).min
              perMinute(before) + (perMinute(after) - perMinute(before)) * (m - before) / (after - before)
            }
          )
        }
      }
      assertEquals(got.keySet, model.keySet)
      model.foreach { (symbol, expected) =>
        val s = got(symbol)
        assertEquals(s.start.epochMinute, Math.floorDiv(rows.filter(_.symbol == symbol).head.second, 60L))
        assertEquals(s.length, expected.length)
        s.values.toSeq.zip(expected).foreach((a, b) => assertEqualsDouble(a, b, 1e-9 * b))
      }
    }
  }
}
