package mvt.fix

import quickfix.Message
import quickfix.fix44.{MarketDataIncrementalRefresh, MarketDataRequest, MarketDataSnapshotFullRefresh}

/** Top of book by MarketDataRequest: a snapshot, then an incremental refresh for each durable change. */
class FixMarketDataSuite extends munit.FunSuite with FixFixture {

  def request(id: String, kind: Char, symbols: String*): Message = {
    val m = new MarketDataRequest()
    m.setString(262, id)
    m.setChar(263, kind)
    m.setInt(264, 1)
    Seq('0', '1').foreach { t =>
      val g = new MarketDataRequest.NoMDEntryTypes(); g.setChar(269, t); m.addGroup(g)
    }
    symbols.foreach { s =>
      val g = new MarketDataRequest.NoRelatedSym(); g.setString(55, s); m.addGroup(g)
    }
    m
  }

  test("a subscriber gets the top of book as a snapshot, then each change of it") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      b.send(FixTestClient.limit("b1", '2', "ACME", 70, "11")); b.next("8")
      // the quote line is written once durable; wait for the snapshot to show it
      var snap: Message = null
      var n = 0
      while (snap == null || !snap.isSetField(268) || snap.getInt(268) == 0) {
        n += 1
        a.send(request(s"q$n", '0', "ACME"))
        snap = a.next("W")
        if (snap.getInt(268) == 0) Thread.sleep(20)
      }
      val g = new MarketDataSnapshotFullRefresh.NoMDEntries()
      snap.getGroup(1, g)
      assertEquals((g.getChar(269), g.getString(270), g.getString(271)), ('1', "11", "70"))
      a.send(request("sub", '1', "ACME"))
      a.next("W")
      b.send(FixTestClient.limit("b2", '1', "ACME", 40, "10.5")); b.next("8")
      val x = a.next("X")
      val e = new MarketDataIncrementalRefresh.NoMDEntries()
      x.getGroup(1, e)
      assertEquals(
        (
          x.getString(262),
          e.getChar(279),
          e.getChar(269),
          e.getString(55),
          e.getString(270),
          e.getString(271)
        ),
        ("sub", '0', '0', "ACME", "10.5", "40")
      )
    }
  }

  test("a request for a symbol not traded is rejected with a Text") {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(request("bad", '1', "NOPE"))
      val rej = a.next("Y")
      assertEquals(rej.getString(262), "bad")
      assert(rej.getString(58).contains("\"NOPE\" is not traded here"))
    }
  }
}
