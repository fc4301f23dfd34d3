package mvt.portal

import mvt.reporting.LiveFigure
import mvt.reporting.live.LiveSnapshot

import java.math.BigDecimal
import java.nio.charset.StandardCharsets.UTF_8

/** An event as it goes on the wire: its data is exactly the snapshot's JSON, whatever the amounts and names. */
class LiveEventsFrameSuite extends munit.FunSuite {

  private def figure(symbol: String, position: Long, realized: String, unrealized: String, fees: String) =
    LiveFigure(
      symbol,
      position,
      new BigDecimal(realized),
      new BigDecimal(unrealized),
      new BigDecimal(fees),
      new BigDecimal(realized).add(new BigDecimal(unrealized)).subtract(new BigDecimal(fees))
    )

  test("an event's type, id and data: the data line is the snapshot's JSON, to the character") {
    val snapshots = Vector(
      LiveSnapshot(7, 1_700_000_000_123_456_789L, 3L, Vector.empty),
      LiveSnapshot(
        12,
        1_700_000_000_000_000_000L,
        41L,
        Vector(
          figure("ACME", 100, "12.5", "-3.75", "0.02"),
          figure("BRK.B", -40, "0", "0.000001", "1E+2"),
          figure("Q\"uote\\é\n", 0, "-1234567890.123456789", "0", "0")
        )
      )
    )
    snapshots.foreach { s =>
      val text = new String(LiveEvents.frame(s), UTF_8)
      assert(text.endsWith("\n\n"), text)
      val lines = text.stripSuffix("\n\n").split("\n").toVector
      assertEquals(lines.take(2), Vector("event: figures", s"id: ${s.version}"))
      assertEquals(lines.size, 3, "the data is one line")
      assertEquals(lines(2), s"data: ${LiveEvents.json(s).noSpaces}")
      assertEquals(io.circe.parser.parse(lines(2).stripPrefix("data: ")), Right(LiveEvents.json(s)))
    }
  }
}
