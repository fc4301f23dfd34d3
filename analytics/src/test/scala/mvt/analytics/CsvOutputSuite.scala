package mvt.analytics

import java.io.StringWriter

import munit.FunSuite

class CsvOutputSuite extends FunSuite {

  private val t0 = Minute.of(java.time.Instant.parse("2016-01-29T07:48:00Z"))

  test("minutes print as ISO-8601 with minute precision, also before the epoch") {
    assertEquals(t0.iso, "2016-01-29T07:48Z")
    assertEquals(Minute.ofEpochSecond(-1).iso, "1969-12-31T23:59Z")
  }

  test("returns CSV: one row per minute per series, full double precision") {
    val out = new StringWriter
    ReturnsCsv.write(
      Seq(
        new MinuteSeries("A", t0, IArray(37.5, 42.22222222222222)),
        new MinuteSeries("B", t0, IArray(-1.0e-4))
      ),
      out
    )
    assertEquals(
      out.toString,
      """symbol,minute,return
        |A,2016-01-29T07:48Z,37.5
        |A,2016-01-29T07:49Z,42.22222222222222
        |B,2016-01-29T07:48Z,-1.0E-4
        |""".stripMargin
    )
  }

  test("returns CSV of nothing is the header alone") {
    val out = new StringWriter
    ReturnsCsv.write(Nil, out)
    assertEquals(out.toString, "symbol,minute,return\n")
  }

  test("frame CSV: a minute column, then one column per symbol") {
    val out = new StringWriter
    FrameCsv.write(
      new ReturnsFrame(t0, IndexedSeq("A", "B"), IndexedSeq(IArray(1.0, -0.5), IArray(0.0, 1.0))),
      out
    )
    assertEquals(
      out.toString,
      """minute,A,B
        |2016-01-29T07:48Z,1.0,0.0
        |2016-01-29T07:49Z,-0.5,1.0
        |""".stripMargin
    )
  }
}
