package mvt.cli

import java.nio.charset.StandardCharsets.UTF_8

/** `mvt report` reads the feeds by ingest's rules and messages: a byte order mark, a header, a time going back. */
class ReportRefusalSuite extends munit.FunSuite {

  private val Quotes = "time,symbol,bid,bid_size,ask,ask_size\n2026-03-02T15:00:00Z,ACME,10.4,100,10.6,200\n"
  private val Trade = "trade,2026-03-02T14:30:00Z,ACME,10.5,100,1,5,2,6,BUY\n"

  private def report(trades: String, quotes: String): CliRun.Result =
    CliRun.withTempFile(".csv") { t =>
      java.nio.file.Files.writeString(t, trades, UTF_8)
      CliRun("report", "--trades", t.toString, "--quotes", "-")(quotes.getBytes(UTF_8))
    }

  test("a byte order mark before the trade feed's first line is skipped, as before the quote header") {
    val r = report("\uFEFF" + Trade, "\uFEFF" + Quotes)
    assertEquals(r.status, 0, r.err)
    assert(r.out.linesIterator.exists(_.startsWith("5,ACME,100,")), r.out)
  }

  test("a trade line whose first field is not trade says so, by field") {
    val r = report(Trade.replace("trade,", "Trade,"), Quotes)
    assertEquals(r.status, 2)
    assert(r.err.contains("line 1: field 1 (kind): expected trade, found \"Trade\""), r.err)
  }

  test("a time going back is refused with the words ingest uses") {
    val r = report(Trade + Trade.replace("14:30", "14:20"), Quotes)
    assertEquals(r.status, 2)
    assert(r.err.contains("line 2: the time goes back, before the line above it"), r.err)
  }
}
