package mvt.fix

import FixTestClient.{cancel, limit, replace}

import scala.jdk.CollectionConverters.*

/** What outlives a session and a restart: reports missed while offline, the ClOrdIDs used, each order's fills. */
class FixRecoverySuite extends munit.FunSuite with FixFixture {

  // the journal's add of FixOrder `o` as the venue records it, for account 1
  private def journaledAdd(o: FixOrder): mvt.core.Command.Add =
    mvt.core.Command.Add(
      o.symbol,
      mvt.core.OrderId(o.id),
      o.side,
      o.price,
      mvt.core.Quantity(o.qty),
      mvt.core.Account(1)
    )

  // the state a kill -9 can leave in `dir`: what `logged` writes is in the order log, only `journaled` reached the
  // venue's journal, and no report was sent
  private def crashedWith(
      dir: java.nio.file.Path,
      journaled: Seq[mvt.core.Command]
  )(logged: OrderLog => Unit): Unit = {
    val venue = mvt.venue.Venue.open(mvt.venue.VenueConfig(dir, Day, Vector(Acme, Beta)), _ => ()).fold(
      e => fail(e.render),
      identity
    )
    val (log, _) = OrderLog.open(OrderLog.pathFor(dir, Day)).fold(fail(_), identity)
    logged(log)
    log.commit(); log.close()
    journaled.foreach { c =>
      val done = venue.submit(c).fold(r => fail(r.reason), identity)
      scala.concurrent.Await.result(done, scala.concurrent.duration.Duration(60, "s"))
    }
    venue.stop()
    val _ = venue.terminated.get(60, java.util.concurrent.TimeUnit.SECONDS)
  }

  // the state a kill -9 can leave: A's buys j1 (40 at 9.5) and u1 (10 at 9) in the order log, only j1 in the
  // journal, no report sent
  private def oneJournaledOneNot(dir: java.nio.file.Path): (FixOrder, FixOrder) = {
    val j =
      new FixOrder(FixOrder.IdBase, "A", "j1", Acme, mvt.core.Side.Buy, mvt.core.Price.unsafe("9.5"), 40)
    val u =
      new FixOrder(FixOrder.IdBase + 1, "A", "u1", Acme, mvt.core.Side.Buy, mvt.core.Price.unsafe("9"), 10)
    crashedWith(dir, Seq(journaledAdd(j))) { log =>
      log.newOrder(j); log.newOrder(u)
    }
    (j, u)
  }

  // restarts the gateway on `dir`; A logs on again and a new order reusing `clOrdId` is refused as already used
  // (past the reports resent at logon); then `more` goes on with A
  private def afterRestart(dir: java.nio.file.Path, storeA: Option[java.nio.file.Path], clOrdId: String)(
      more: FixTestClient => Unit
  ): Unit = {
    val second = start(dir)
    try {
      val a = second.loggedOn("A", storeA)
      a.send(limit(clOrdId, '2', "ACME", 5, "10"))
      var er = a.next("8")
      while (er.isSetField(43) && er.getBoolean(43)) er = a.next("8")
      assertEquals(er.getChar(150), '8')
      assert(er.getString(58).contains("already used"), er.getString(58))
      more(a)
    } finally second.stop()
  }

  test("a fill while the owner is logged out reaches it through FIX resend when it logs on again") {
    withDir { dir =>
      val r = start(dir)
      try {
        val store = Some(dir.resolve("client-A"))
        val (a, b) = (r.client("A", store = store), r.client("B"))
        a.awaitLogon(); b.awaitLogon()
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
          val (a, b) = (first.client("A", store = storeA), first.client("B", store = storeB))
          a.awaitLogon(); b.awaitLogon()
          a.send(limit("a1", '2', "ACME", 100, "10")); val n = a.next("8")
          b.send(limit("b1", '1', "ACME", 30, "10")); b.next("8"); b.next("8")
          a.next("8")
          n.getString(37)
        } finally first.stop()
      afterRestart(dir, storeA, "a1") { a =>
        a.send(cancel("a2", "a1", '2', "ACME"))
        val c = a.next("8")
        assertEquals(
          (c.getChar(150), c.getString(37), c.getString(14), c.getString(151), c.getString(41)),
          ('4', id, "30", "0", "a1")
        )
        // a new order after the restart takes an id above every earlier one
        a.send(limit("a3", '2', "ACME", 5, "10"))
        assert(a.next("8").getString(37).toLong > id.toLong)
      }
    }
  }

  test(
    "after a crash between commit and report, the client gets its order restated; an order never journaled is rejected"
  ) {
    withDir { dir =>
      val (j, _) = oneJournaledOneNot(dir)

      val r = start(dir)
      try {
        val a = r.loggedOn("A")
        val reports = Seq(a.next("8"), a.next("8")).map(m => m.getString(11) -> m).toMap
        val restated = reports("j1")
        assertEquals(
          (
            restated.getChar(150),
            restated.getChar(39),
            restated.getString(151),
            restated.getString(14),
            restated.getString(37)
          ),
          ('D', '0', "40", "0", j.id.toString)
        )
        val rejected = reports("u1")
        assertEquals((rejected.getChar(150), rejected.getChar(39), rejected.getString(151)), ('8', '8', "0"))
        assert(rejected.getString(58).contains("never traded"), rejected.getString(58))
        // the restated order is live: this session can cancel it
        a.send(cancel("j2", "j1", '1', "ACME"))
        assertEquals(a.next("8").getChar(150), '4')
      } finally r.stop()
    }
  }

  test("after a crash, a resent New (43=Y) gets its order's status: live if journaled, not taken if not") {
    withDir { dir =>
      // as the crash between taking a message and counting it leaves it
      val (j, _) = oneJournaledOneNot(dir)
      val r = start(dir)
      try {
        val a = new RawOrders(r.port, "A", passwordOf("A"))
        try {
          // the restatement of j1 and the not-taken report of u1 were stored for A before it logged on
          assertEquals(Set(a.resendAll()(11), a.next()(11)), Set("j1", "u1"))
          val live = a.nos(true, "j1", "1", 40, "9.5")
          assertEquals((live(150), live(39), live(37), live(151)), ("I", "0", j.id.toString, "40"))
          val notTaken = a.nos(true, "u1", "1", 10, "9")
          assertEquals((notTaken(150), notTaken(39), notTaken(151)), ("I", "8", "0"))
          assert(notTaken(58).contains("never traded"), notTaken(58))
        } finally a.close()
      } finally r.stop()
    }
  }

  // j1 journaled, its New never counted in A's message store as `crash` leaves it (given the store's directory and
  // j1's New as the crashed run stored it, numbered 1); after the restart A, which expects message 1, is resent the
  // restatement of j1 that the next run numbered 1 again
  private def restatedDespite(crash: (java.nio.file.Path, String) => Unit): Unit =
    withDir { dir =>
      val j =
        new FixOrder(FixOrder.IdBase, "A", "j1", Acme, mvt.core.Side.Buy, mvt.core.Price.unsafe("9.5"), 40)
      crashedWith(dir, Seq(journaledAdd(j)))(_.newOrder(j))
      val dead = Reports.execution(j, "1.1", Reports.New, j.clOrdId, None, None, Some("x" * 2000))
      val h = dead.getHeader
      h.setString(49, "MVT"); h.setString(56, "A"); h.setInt(34, 1)
      h.setUtcTimeStamp(52, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
      crash(dir.resolve("fix-store"), dead.toString)

      val r = start(dir)
      try {
        val a = r.loggedOn("A")
        val m = a.next("8")
        assertEquals((m.getChar(150), m.getString(11), m.getString(151)), ('D', "j1", "40"))
        assert(r.logLines.asScala.exists(_.contains("message store of A: dropped")), r.logLines)
      } finally r.stop()
    }

  private def storeOfA(storeDir: java.nio.file.Path) =
    StoreRepairSuite.open(storeDir, new quickfix.SessionID("FIX.4.4", "MVT", "A"))

  test(
    "a report the crash stored but never counted does not take the place of the one the next run numbers so"
  ) {
    // killed after the store's write of message 1, before its count: a resend of 1 would send the dead New
    restatedDespite { (storeDir, dead) =>
      val store = storeOfA(storeDir)
      store.set(1, dead)
      store.asInstanceOf[java.io.Closeable].close()
    }
  }

  test("a report whose header entry the crash stored without its body does not break the resend") {
    // killed between the entry and the body: a resend of 1 would read past the body's end, an error QuickFIX/J
    // answers with nothing, leaving A waiting for message 1 and every later one
    restatedDespite { (storeDir, dead) =>
      val store = storeOfA(storeDir)
      store.set(1, dead)
      store.asInstanceOf[java.io.Closeable].close()
      val body = storeDir.resolve("FIX.4.4-MVT-A.body")
      val ch = java.nio.file.Files.newByteChannel(body, java.nio.file.StandardOpenOption.WRITE)
      try { val _ = ch.truncate(0L) }
      finally ch.close()
    }
  }

  test(
    "after a restart the ClOrdID chain of a replaced order holds: the latest cancels it, none is reusable"
  ) {
    withDir { dir =>
      val storeA = Some(dir.resolve("client-A"))
      val first = start(dir)
      val id =
        try {
          val (a, b) = (first.client("A", store = storeA), first.client("B"))
          a.awaitLogon(); b.awaitLogon()
          a.send(limit("a1", '2', "ACME", 100, "10")); val n = a.next("8")
          b.send(limit("b1", '1', "ACME", 10, "10")); b.next("8"); b.next("8"); a.next("8")
          a.send(replace("a2", "a1", '2', "ACME", 70, "10.5")); assertEquals(a.next("8").getChar(150), '5')
          a.send(replace("a3", "a2", '2', "ACME", 60, "10.5")); assertEquals(a.next("8").getChar(150), '5')
          n.getString(37)
        } finally first.stop()
      afterRestart(dir, storeA, "a2") { a =>
        a.send(cancel("a4", "a3", '2', "ACME"))
        val c = a.next("8")
        assertEquals(
          (
            c.getChar(150),
            c.getString(37),
            c.getString(41),
            c.getString(38),
            c.getString(44),
            c.getString(14)
          ),
          ('4', id, "a3", "60", "10.5", "10")
        )
      }
    }
  }

  test("recovery matches each journaled modify to its replace, skipping a replace the venue never took") {
    withDir { dir =>
      val o =
        new FixOrder(FixOrder.IdBase, "A", "k1", Acme, mvt.core.Side.Buy, mvt.core.Price.unsafe("9"), 40)
      val commands = Seq(
        journaledAdd(o),
        mvt.core.Command.Modify(
          Acme,
          mvt.core.OrderId(o.id),
          mvt.core.Price.unsafe("9.25"),
          mvt.core.Quantity(25)
        )
      )
      crashedWith(dir, commands) { log =>
        log.newOrder(o)
        // k2 was logged, then refused by a full queue (never journaled); k3 was journaled, its report lost
        log.replace(OrderLog.Replace(o.id, mvt.core.Price.unsafe("9.5"), 30, 30, "k2"))
        log.replace(OrderLog.Replace(o.id, mvt.core.Price.unsafe("9.25"), 25, 25, "k3"))
      }

      val r = start(dir)
      try {
        val a = r.loggedOn("A")
        val restated = a.next("8")
        assertEquals(
          (restated.getChar(150), restated.getString(11), restated.getString(38), restated.getString(44)),
          ('D', "k3", "25", "9.25")
        )
        a.send(cancel("k4", "k3", '1', "ACME"))
        assertEquals(a.next("8").getChar(150), '4')
      } finally r.stop()
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
