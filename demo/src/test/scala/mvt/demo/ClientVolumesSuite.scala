package mvt.demo

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.CommandSource

/** The demo's client table comes from the trade feed, exactly. */
class ClientVolumesSuite extends munit.FunSuite {

  test("volumes per client from the trade feed of the accounts vector; self-trades count both sides") {
    val c = ConformanceCases.all.find(_.name.startsWith("40")).get
    val volumes = new ClientVolumes
    val day = new TradingDay(Engine.Fast, EventSink.Ignore, Some(volumes), None)
    assert(CommandSource.open(new java.io.ByteArrayInputStream(c.commands)).flatMap(_.replayAll(day)).isRight)
    // trade,..,100,4,7,1,7 (a self-trade of 7); 50 from the house to 7; 30 from 12 to 7; 40 from 12 to 3; 4 to max
    assertEquals(
      volumes.top(5),
      Vector(
        ClientVolumes.Row(Account(7), fills = 4, bought = 180, sold = 100),
        ClientVolumes.Row(Account(12), fills = 2, bought = 0, sold = 70),
        ClientVolumes.Row(Account(3), fills = 1, bought = 40, sold = 0),
        ClientVolumes.Row(Account(Int.MaxValue), fills = 1, bought = 4, sold = 0)
      )
    )
    assertEquals(volumes.clients, 4)
    assertEquals(volumes.top(2).map(_.account.value), Vector(7, 12))
  }
}
