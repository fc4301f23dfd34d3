package mvt.fix

import FixTestClient.{cancel, limit}

/** What outlives a session and a restart: reports missed while offline, the ClOrdIDs used, each order's fills. */
class FixRecoverySuite extends munit.FunSuite with FixFixture {

  test("a fill while the owner is logged out reaches it through FIX resend when it logs on again") {
    withDir { dir =>
      val r = start(dir)
      try {
        val store = Some(dir.resolve("client-A"))
        val a = r.loggedOn("A", store)
        val b = r.loggedOn("B")
        a.send(limit("a1", '2', "ACME", 50, "10")); a.next("8")
        a.stop()
        b.send(limit("b1", '1', "ACME", 20, "10")); b.next("8"); b.next("8")
        val again = r.loggedOn("A", store)
        val fill = again.next("8")
        assertEquals(
          (fill.getChar(150), fill.getString(11), fill.getString(32), fill.getString(151)),
          ('F', "a1", "20", "30")
        )
        assert(fill.getHeader.isSetField(43) && fill.getHeader.getBoolean(43), "a resent report is PossDup")
      } finally r.stop()
    }
  }

  test(
    "after a restart a client cancels its earlier order with its fills counted, and cannot reuse a ClOrdID"
  ) {
    withDir { dir =>
      val first = start(dir)
      val storeA = Some(dir.resolve("client-A"))
      val storeB = Some(dir.resolve("client-B"))
      val id =
        try {
          val a = first.loggedOn("A", storeA)
          val b = first.loggedOn("B", storeB)
          a.send(limit("a1", '2', "ACME", 100, "10")); val n = a.next("8")
          b.send(limit("b1", '1', "ACME", 30, "10")); b.next("8"); b.next("8")
          a.next("8")
          n.getString(37)
        } finally first.stop()
      val second = start(dir)
      try {
        val a = second.loggedOn("A", storeA)
        a.send(limit("a1", '2', "ACME", 5, "10"))
        var er = a.next("8")
        while (er.isSetField(43) && er.getBoolean(43)) er = a.next("8")
        assertEquals(er.getChar(150), '8')
        assert(er.getString(58).contains("already used"), er.getString(58))
        a.send(cancel("a2", "a1", '2', "ACME"))
        val c = a.next("8")
        assertEquals(
          (c.getChar(150), c.getString(37), c.getString(14), c.getString(151), c.getString(41)),
          ('4', id, "30", "0", "a1")
        )
        // a new order after the restart takes an id above every earlier one
        a.send(limit("a3", '2', "ACME", 5, "10"))
        assert(a.next("8").getString(37).toLong > id.toLong)
      } finally second.stop()
    }
  }

  test("the order log cuts a torn last line and keeps the whole ones") {
    withDir { dir =>
      val p = OrderLog.pathFor(dir, Day)
      val torn = s"N,${FixOrder.IdBase + 1},A,AC"
      java.nio.file.Files.writeString(p, s"N,${FixOrder.IdBase},A,ACME,BUY,10,5,x,1\nC,A,y\n$torn")
      val (log, rec) = OrderLog.open(p).fold(fail(_), identity)
      log.close()
      assertEquals(rec.orders.map(o => (o.id, o.clOrdId)), Vector((FixOrder.IdBase, "x,1")))
      assertEquals(rec.used("A"), Set("x,1", "y"))
      assertEquals(rec.tornBytes, torn.length.toLong)
      assertEquals(java.nio.file.Files.readString(p), s"N,${FixOrder.IdBase},A,ACME,BUY,10,5,x,1\nC,A,y\n")
    }
  }
}
