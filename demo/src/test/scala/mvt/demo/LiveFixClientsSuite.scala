package mvt.demo

import quickfix.{FixVersions, Message, SessionID}

/** What the live day's FIX clients keep of the venue's reports: each order taken once, cancels and rejects apart. */
class LiveFixClientsSuite extends munit.FunSuite {

  private def report(execType: Char, clOrdId: String): Message = {
    val m = new quickfix.fix44.ExecutionReport()
    m.setChar(150, execType)
    m.setString(11, clOrdId)
    m
  }

  test("orders taken are counted once each as reports arrive; cancels and rejects are not orders taken") {
    val clients = new LiveFixClients(
      1,
      Vector(LiveFixClients.Login("C1", "p1"), LiveFixClients.Login("C2", "p2")),
      "MVT"
    )
    val c1 = new SessionID(FixVersions.BEGINSTRING_FIX44, "C1", "MVT")
    val c2 = new SessionID(FixVersions.BEGINSTRING_FIX44, "C2", "MVT")
    assertEquals(clients.ordersTaken, 0L)
    clients.fromApp(report('0', "o1"), c1) // new
    clients.fromApp(report('F', "o1"), c1) // its fill: the same order
    clients.fromApp(report('0', "o1"), c2) // another client's o1 is another order
    clients.fromApp(report('4', "c7"), c1) // a cancel taken
    clients.fromApp(report('8', "o2"), c1) // refused
    clients.fromApp(report('0', "o3"), c2)
    assertEquals(clients.ordersTaken, 3L)
    assertEquals(clients.takenOrders, Set("C1" -> "o1", "C2" -> "o1", "C2" -> "o3"))
    assertEquals((clients.refused, clients.fills), (1L, 1L))
  }
}
