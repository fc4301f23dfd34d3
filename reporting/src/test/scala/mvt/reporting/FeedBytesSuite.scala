package mvt.reporting

import mvt.core.FormatError
import org.scalacheck.{Gen, Prop}

import java.nio.charset.StandardCharsets.UTF_8

/** The byte parser ingest uses accepts exactly the lines `FeedLine` accepts, with the same fields. */
class FeedBytesSuite extends munit.ScalaCheckSuite {

  override def scalaCheckTestParameters = super.scalaCheckTestParameters.withMinSuccessfulTests(2000)

  private val time = Gen.oneOf(
    Gen.const("2026-01-05T09:30:00Z"),
    Gen.const("2026-01-05T09:30:00.123456789Z"),
    Gen.const("2026-02-30T09:30:00Z"),
    Gen.const("2026-01-05T24:00:00Z"),
    Gen.const("2026-01-05 09:30:00Z"),
    Gen.const("")
  )
  private val price = Gen.oneOf(
    "10",
    "0.01",
    "10.00000001",
    "0",
    "00012.5",
    "1.",
    ".5",
    "-1",
    "99999999999",
    "9999999999.99999999",
    ""
  )
  private val whole = Gen.oneOf(
    "0",
    "7",
    "0007",
    "1000000000",
    "1000000001",
    "2147483647",
    "2147483648",
    "00000000000000000000042",
    "99999999999999999999",
    "+5",
    "-0",
    "1e3",
    ""
  )
  private val symbol = Gen.oneOf("ACME", "BETA", "Z9", "", "É", "X Y")

  // a mutation of a line: unchanged most often, else a character dropped, doubled or replaced
  private def mutate(line: String): Gen[String] =
    if (line.isEmpty) Gen.const(line)
    else
      Gen.frequency(
        6 -> Gen.const(line),
        1 -> Gen.choose(0, line.length - 1).map(i => line.patch(i, "", 1)),
        1 -> Gen.choose(0, line.length - 1).map(i => line.patch(i, line(i).toString * 2, 0)),
        1 -> Gen.zip(Gen.choose(0, line.length - 1), Gen.oneOf(',', 'x', '9', '.', ' ')).map((i, c) =>
          line.updated(i, c)
        )
      )

  private val tradeLine = for {
    head <- Gen.frequency(9 -> Gen.const("trade"), 1 -> Gen.oneOf("trad", "Trade", "quote"))
    t <- time
    s <- symbol
    p <- price
    q <- whole
    b <- whole
    se <- whole
    line <- mutate(s"$head,$t,$s,$p,$q,1,$b,2,$se,BUY")
  } yield line

  private val quoteLine = for {
    t <- time
    s <- symbol
    b <- price
    a <- price
    line <- mutate(s"$t,$s,$b,100,$a,200")
  } yield line

  /**
   * `line` between other bytes is accepted by the byte parser (`accepts`, then its fields read by `fields`) exactly
   * when `FeedLine` (`parse`) accepts it, with the same fields; and `refusal` refuses it as `parse` does.
   */
  private def agrees[A](line: String)(
      accepts: (FeedBytes, Array[Byte]) => Boolean,
      fields: FeedBytes => A,
      parse: (Long, String) => Either[FormatError, A],
      refusal: (FeedBytes, Array[Byte]) => Option[FormatError]
  ): Unit = {
    val bytes = ("xx" + line + "yy").getBytes(UTF_8)
    val p = new FeedBytes
    val ok = accepts(p, bytes)
    parse(1L, line) match {
      case Right(value) =>
        assert(ok, s"refused by the byte parser: $line")
        assertEquals(fields(p), value, line)
      case Left(_) => assert(!ok, s"accepted by the byte parser only: $line")
    }
    assertEquals(refusal(new FeedBytes, bytes), parse(7L, line).swap.toOption)
  }

  property("trade lines: accepted by both or by neither, with the same fields") {
    Prop.forAll(tradeLine) { line =>
      agrees(line)(
        (p, b) => p.trade(b, 2, b.length - 2),
        p => FeedLine.Trade(p.time, p.symbol, p.price, p.qty, p.buyAccount, p.sellAccount),
        FeedLine.trade,
        (p, b) => p.tradeLine(b, 2, b.length - 2, 7L)
      )
    }
  }

  property("quote lines: accepted by both or by neither, with the same fields") {
    Prop.forAll(quoteLine) { line =>
      agrees(line)(
        (p, b) => p.quote(b, 2, b.length - 2),
        p => FeedLine.Quote(p.time, p.symbol, p.bid, p.ask, p.twoSided),
        FeedLine.quote,
        (p, b) => p.quoteLine(b, 2, b.length - 2, 7L)
      )
    }
  }

  test("a symbol is interned: the same instance on every line that names it") {
    val p = new FeedBytes
    val a = "trade,2026-01-05T09:30:00Z,ACME,10,5,1,1,2,2,BUY".getBytes(UTF_8)
    assert(p.trade(a, 0, a.length))
    val first = p.symbol
    assert(p.trade(a, 0, a.length))
    assert(p.symbol eq first)
  }
}
