package mvt.fix

import FixTestClient.{cancel, limit, order, replace}
import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import quickfix.Message

/** Orders, cancels and replaces through a real FIX client: every report's fields, every reject and its Text. */
class FixOrderSuite extends munit.FunSuite with FixFixture {

  def s(m: Message, tag: Int): String = m.getString(tag)

  test("a resting limit order is acknowledged New with the venue's order id and the order's fields") {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(limit("a1", '1', "ACME", 100, "10.25"))
      val er = a.next("8")
      assertEquals(er.getChar(150), '0')
      assertEquals(er.getChar(39), '0')
      assertEquals(s(er, 11), "a1")
      assert(FixOrder.isFix(s(er, 37).toLong))
      assertEquals(
        (s(er, 151), s(er, 14), s(er, 6), s(er, 44), s(er, 55)),
        ("100", "0", "0", "10.25", "ACME")
      )
      assertEquals(er.getChar(54), '1')
    }
  }

  test(
    "a crossing order fills the taker and reports the fill to the resting order's owner in another session"
  ) {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("s1", '2', "ACME", 100, "10"))
      val aNew = a.next("8")
      b.send(limit("b1", '1', "ACME", 60, "10.5"))
      val bNew = b.next("8")
      assertEquals(bNew.getChar(150), '0')
      val bFill = b.next("8")
      assertEquals((bFill.getChar(150), bFill.getChar(39)), ('F', '2'))
      assertEquals(
        (s(bFill, 31), s(bFill, 32), s(bFill, 151), s(bFill, 14), s(bFill, 6)),
        ("10", "60", "0", "60", "10")
      )
      val aFill = a.next("8")
      assertEquals((aFill.getChar(150), aFill.getChar(39)), ('F', '1'))
      assertEquals(
        (s(aFill, 31), s(aFill, 32), s(aFill, 151), s(aFill, 14), s(aFill, 11)),
        ("10", "60", "40", "60", "s1")
      )
      assertEquals(s(aFill, 37), s(aNew, 37))

      // the same commands straight into the engine give the same trade
      val events = new Event.Collector
      val day = new TradingDay(Engine.Fast, events, None, None)
      val acme = day.bookOf(Acme)
      day.add(acme, OrderId(s(aNew, 37).toLong), Side.Sell, Price.unsafe("10"), Quantity(100), Account(1))
      day.add(acme, OrderId(s(bNew, 37).toLong), Side.Buy, Price.unsafe("10.5"), Quantity(60), Account(2))
      val trades = events.result().collect { case e: Event.Executed => e }
      assertEquals(
        trades.map(e =>
          (e.buyId.value.toString, e.sellId.value.toString, e.price.render, e.tradeQty.units.toString)
        ),
        Vector((s(bNew, 37), s(aNew, 37), s(bFill, 31), s(bFill, 32)))
      )
    }
  }

  test(
    "a fill by a taker from outside the gateway (another submitter of the venue) reaches the maker's session"
  ) {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(limit("m1", '2', "ACME", 10, "10")); a.next("8")
      val taker = Command.Add(Acme, OrderId(5), Side.Buy, Price.unsafe("10"), Quantity(4), Account(9))
      assert(r.venue.submit(taker, mvt.venue.Reply.Ignore).isEmpty)
      val fill = a.next("8")
      assertEquals(
        (fill.getChar(150), fill.getChar(39), s(fill, 32), s(fill, 31), s(fill, 151), s(fill, 14)),
        ('F', '1', "4", "10", "6", "4")
      )
    }
  }

  test("AvgPx is the quantity-weighted mean over fills at several prices") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("s1", '2', "ACME", 10, "10")); a.next("8")
      a.send(limit("s2", '2', "ACME", 30, "11")); a.next("8")
      b.send(limit("b1", '1', "ACME", 40, "11"))
      assertEquals(b.next("8").getChar(150), '0')
      b.next("8")
      val last = b.next("8")
      assertEquals((last.getChar(39), s(last, 14), s(last, 6), s(last, 31)), ('2', "40", "10.75", "11"))
    }
  }

  test("a session cancels its own order; the report names both ClOrdIDs") {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(limit("a1", '1', "ACME", 100, "10")); val n = a.next("8")
      a.send(cancel("a2", "a1", '1', "ACME"))
      val er = a.next("8")
      assertEquals(
        (er.getChar(150), er.getChar(39), s(er, 11), s(er, 41), s(er, 151), s(er, 37)),
        ('4', '4', "a2", "a1", "0", s(n, 37))
      )
      a.send(cancel("a3", "a1", '1', "ACME"))
      val rej = a.next("9")
      assertEquals((rej.getChar(39), rej.getInt(102), rej.getChar(434)), ('4', 0, '1'))
      assert(s(rej, 58).contains("too late to cancel"), s(rej, 58))
    }
  }

  test("a session cannot cancel another session's order, even naming its ClOrdID") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("x1", '2', "ACME", 10, "10")); a.next("8")
      b.send(cancel("x2", "x1", '2', "ACME"))
      val rej = b.next("9")
      assertEquals(rej.getInt(102), 1)
      assertEquals(s(rej, 37), "NONE")
      assert(s(rej, 58).contains("unknown order"), s(rej, 58))
      // A's order still rests: B's buy trades with it
      b.send(limit("x3", '1', "ACME", 10, "10")); b.next("8")
      assertEquals(b.next("8").getChar(150), 'F')
      assertEquals(a.next("8").getChar(39), '2')
    }
  }

  test("IOC takes what it can and expires the rest; FOK fills whole or expires whole, trading nothing") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("s1", '2', "ACME", 30, "10")); a.next("8")
      // IOC for 50: 30 fill, 20 expire
      b.send(order(11 -> "i1", 54 -> "1", 55 -> "ACME", 38 -> "50", 40 -> "2", 44 -> "10", 59 -> "3"))
      assertEquals(b.next("8").getChar(150), '0')
      val fill = b.next("8")
      assertEquals((fill.getChar(150), s(fill, 32), s(fill, 151)), ('F', "30", "20"))
      val expired = b.next("8")
      assertEquals(
        (expired.getChar(150), expired.getChar(39), s(expired, 151), s(expired, 14)),
        ('C', 'C', "0", "30")
      )
      assert(s(expired, 58).contains("20 of 50 could not fill"), s(expired, 58))
      a.next("8") // the maker's fill
      // FOK for 20 with 10 resting: expires whole, and the resting order is untouched
      a.send(limit("s2", '2', "ACME", 10, "10")); a.next("8")
      b.send(order(11 -> "f1", 54 -> "1", 55 -> "ACME", 38 -> "20", 40 -> "2", 44 -> "10", 59 -> "4"))
      val killed = b.next("8")
      assertEquals(
        (killed.getChar(150), killed.getChar(39), s(killed, 14), s(killed, 151)),
        ('C', 'C', "0", "0")
      )
      // FOK for 10: fills whole
      b.send(order(11 -> "f2", 54 -> "1", 55 -> "ACME", 38 -> "10", 40 -> "2", 44 -> "10", 59 -> "4"))
      assertEquals(b.next("8").getChar(150), '0')
      val whole = b.next("8")
      assertEquals((whole.getChar(150), whole.getChar(39), s(whole, 14)), ('F', '2', "10"))
    }
  }

  test("post-only rests when it does not cross and is rejected with would-cross when it would") {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(limit("s1", '2', "ACME", 10, "10")); a.next("8")
      a.send(order(11 -> "p1", 54 -> "1", 55 -> "ACME", 38 -> "5", 40 -> "2", 44 -> "9.99", 18 -> "6"))
      val rests = a.next("8")
      assertEquals((rests.getChar(150), rests.getChar(39), s(rests, 151)), ('0', '0', "5"))
      a.send(order(11 -> "p2", 54 -> "1", 55 -> "ACME", 38 -> "5", 40 -> "2", 44 -> "10", 18 -> "6"))
      val refused = a.next("8")
      assertEquals((refused.getChar(150), refused.getChar(39)), ('8', '8'))
      assert(s(refused, 58).contains("would-cross"), s(refused, 58))
    }
  }

  def rejectText(c: FixTestClient, m: Message): String = {
    c.send(m)
    val er = c.next("8")
    assertEquals((er.getChar(150), er.getChar(39), s(er, 37)), ('8', '8', "NONE"))
    s(er, 58)
  }

  test("what the venue does not take is rejected with a Text saying why, and the session goes on") {
    withGateway { r =>
      val a = r.loggedOn("A")
      val base = Seq(54 -> "1", 55 -> "ACME", 38 -> "10")
      def nos(id: String, extra: (Int, String)*) = order((Seq(11 -> id) ++ base ++ extra)*)
      assert(rejectText(a, nos("r1", 40 -> "1")).contains("market orders (40=1) are not supported"))
      assert(rejectText(a, nos("r2", 40 -> "3", 44 -> "10", 99 -> "10")).contains(
        "OrdType (40) 3 is not supported"
      ))
      assert(rejectText(a, nos("r3", 40 -> "2", 44 -> "10", 59 -> "3", 18 -> "6")).contains(
        "post-only (18=6) rests, so it cannot be TimeInForce (59) 3"
      ))
      assert(rejectText(a, nos("r4", 40 -> "2", 44 -> "10", 18 -> "G")).contains(
        "ExecInst (18) G is not supported"
      ))
      assert(rejectText(a, nos("r6", 40 -> "2", 44 -> "10", 59 -> "6")).contains(
        "TimeInForce (59) 6 is not supported"
      ))
      assert(
        rejectText(a, order(11 -> "r7", 54 -> "1", 55 -> "ZZZ", 38 -> "10", 40 -> "2", 44 -> "10")).contains(
          "Symbol (55) \"ZZZ\" is not traded here"
        )
      )
      assert(rejectText(a, nos("r8", 40 -> "2", 44 -> "10.123456789")).contains("Price (44): expected"))
      assert(rejectText(a, nos("r9", 40 -> "2")).contains("Price (44) is required"))
      assert(rejectText(a, order(11 -> "r10", 54 -> "1", 55 -> "ACME", 38 -> "2.5", 40 -> "2", 44 -> "10"))
        .contains("OrderQty (38): expected whole units"))
      assert(
        rejectText(a, order(11 -> "r11", 54 -> "1", 55 -> "ACME", 38 -> "0", 40 -> "2", 44 -> "10")).contains(
          "OrderQty (38)"
        )
      )
      assert(
        rejectText(a, order(11 -> "r12", 54 -> "5", 55 -> "ACME", 38 -> "1", 40 -> "2", 44 -> "10")).contains(
          "Side (54)"
        )
      )
      a.send(limit("ok1", '1', "ACME", 10, "10"))
      assertEquals(a.next("8").getChar(150), '0')
      assert(
        rejectText(a, limit("ok1", '1', "ACME", 10, "10")).contains("ClOrdID (11) \"ok1\" was already used")
      )
      // a ClOrdID whose order was rejected before the venue saw it may be sent again
      a.send(limit("r1", '1', "ACME", 10, "10"))
      assertEquals(a.next("8").getChar(150), '0')
    }
  }

  test("a resent request (43=Y) the venue took before gets the order's status (150=I), not a reject") {
    withGateway { r =>
      val a = new RawOrders(r.port, "A", passwordOf("A"))
      try {
        val b = r.loggedOn("B")
        val taken = a.nos(false, "d1", "2", 30, "10")
        assertEquals(taken(150), "0")
        b.send(limit("b1", '1', "ACME", 10, "10")); b.next("8"); b.next("8")
        assertEquals(a.next()(150), "F")
        // the same New again, as a client resends it after a crash: its state now, and still one order
        val st = a.nos(true, "d1", "2", 30, "10")
        assertEquals(
          (st(150), st(39), st(11), st(37), st(14), st(151)),
          ("I", "1", "d1", taken(37), "10", "20")
        )
        assert(st(58).contains("possible duplicate (43=Y) of ClOrdID \"d1\""), st(58))
        // a resent replace and cancel already taken: the status again, nothing done twice
        assertEquals(a.replace(false, "d2", "d1", 25, "10")(150), "5")
        val afterReplace = a.replace(true, "d2", "d1", 25, "10")
        assertEquals((afterReplace(150), afterReplace(11), afterReplace(151)), ("I", "d2", "15"))
        assertEquals(a.cancel(false, "d3", "d2")(150), "4")
        val afterCancel = a.cancel(true, "d3", "d2")
        assertEquals((afterCancel(150), afterCancel(39), afterCancel(151)), ("I", "4", "0"))
        // the order's first ClOrdID, resent after its replace and cancel, still names it
        val again = a.nos(true, "d1", "2", 30, "10")
        assertEquals((again(150), again(39), again(11), again(37)), ("I", "4", "d2", taken(37)))
        // a resent New that is not the order its ClOrdID named (another side) is a reused ClOrdID
        val other = a.nos(true, "d1", "1", 30, "10")
        assertEquals((other(150), other(37)), ("8", "NONE"))
        assert(other(58).contains("ClOrdID (11) \"d1\" was already used"), other(58))
        // a resent New the venue never saw is a new order
        assertEquals(a.nos(true, "d4", "2", 5, "11")(150), "0")
      } finally a.close()
    }
  }

  test("a replace to less quantity at the same price is Replaced (150=5) and keeps the order's place") {
    withGateway { r =>
      val Vector(a, b, c) = r.loggedOnTogether("A", "B", "C"): @unchecked
      a.send(limit("a1", '2', "ACME", 100, "10")); val n = a.next("8")
      b.send(limit("b1", '2', "ACME", 50, "10")); b.next("8")
      a.send(replace("a2", "a1", '2', "ACME", 60, "10"))
      val er = a.next("8")
      assertEquals(
        (er.getChar(150), er.getChar(39), s(er, 11), s(er, 41), s(er, 37)),
        ('5', '0', "a2", "a1", s(n, 37))
      )
      assertEquals((s(er, 38), s(er, 44), s(er, 151), s(er, 14)), ("60", "10", "60", "0"))
      // still first in the queue: a buy of 60 fills A's order whole and leaves B's alone
      c.send(limit("c1", '1', "ACME", 60, "10")); c.next("8"); c.next("8")
      val fill = a.next("8")
      assertEquals((fill.getChar(150), fill.getChar(39), s(fill, 11), s(fill, 32)), ('F', '2', "a2", "60"))
      c.send(limit("c2", '1', "ACME", 1, "10")); c.next("8")
      assertEquals(b.next("8").getChar(150), 'F')
    }
  }

  test("a replace to more quantity loses the order's place; a new price may cross and fill at once") {
    withGateway { r =>
      val Vector(a, b, c) = r.loggedOnTogether("A", "B", "C"): @unchecked
      a.send(limit("a1", '2', "ACME", 10, "10")); a.next("8")
      b.send(limit("b1", '2', "ACME", 10, "10")); b.next("8")
      a.send(replace("a2", "a1", '2', "ACME", 20, "10"))
      assertEquals(a.next("8").getChar(150), '5')
      c.send(limit("c1", '1', "ACME", 10, "10")); c.next("8"); c.next("8")
      val bFill = b.next("8")
      assertEquals((bFill.getChar(150), bFill.getChar(39)), ('F', '2'))
      // C rests a buy at 9; A moves its sell down to 9: Replaced, then the fill as the taker
      c.send(limit("c2", '1', "ACME", 5, "9")); c.next("8")
      a.send(replace("a3", "a2", '2', "ACME", 20, "9"))
      val moved = a.next("8")
      assertEquals(
        (moved.getChar(150), s(moved, 11), s(moved, 41), s(moved, 44), s(moved, 151)),
        ('5', "a3", "a2", "9", "20")
      )
      val taken = a.next("8")
      assertEquals(
        (taken.getChar(150), taken.getChar(39), s(taken, 31), s(taken, 32), s(taken, 151), s(taken, 14)),
        ('F', '1', "9", "5", "15", "5")
      )
      assertEquals(c.next("8").getChar(39), '2')
      // the chain goes on: cancel names the latest ClOrdID
      a.send(cancel("a4", "a3", '2', "ACME"))
      val canceled = a.next("8")
      assertEquals((canceled.getChar(150), s(canceled, 41), s(canceled, 14)), ('4', "a3", "5"))
    }
  }

  test(
    "a replace after a partial fill counts OrderQty as the whole order; below the filled part it is refused"
  ) {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("a1", '2', "ACME", 100, "10")); a.next("8")
      b.send(limit("b1", '1', "ACME", 30, "10")); b.next("8"); b.next("8")
      assertEquals(a.next("8").getString(14), "30")
      a.send(replace("a2", "a1", '2', "ACME", 50, "10"))
      val er = a.next("8")
      assertEquals(
        (er.getChar(150), er.getChar(39), s(er, 38), s(er, 14), s(er, 151)),
        ('5', '1', "50", "30", "20")
      )
      a.send(replace("a3", "a2", '2', "ACME", 30, "10"))
      val rej = a.next("9")
      assertEquals((rej.getChar(434), rej.getInt(102), s(rej, 41), rej.getChar(39)), ('2', 99, "a2", '1'))
      assert(s(rej, 58).contains("OrderQty (38) 30 is not above the 30 already filled"), s(rej, 58))
      // what rests is still 20: a buy of 25 takes 20
      b.send(limit("b2", '1', "ACME", 25, "10")); b.next("8")
      assertEquals(b.next("8").getString(32), "20")
    }
  }

  test("a refused replace is an OrderCancelReject with a Text saying why, and the order stays as it was") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      a.send(limit("a1", '1', "ACME", 10, "9")); val n = a.next("8")
      def refused(c: FixTestClient, m: Message): Message = {
        c.send(m); val rej = c.next("9"); assertEquals(rej.getChar(434), '2'); rej
      }
      val unknown = refused(a, replace("x1", "zz", '1', "ACME", 10, "9"))
      assertEquals((s(unknown, 37), unknown.getInt(102)), ("NONE", 1))
      assert(s(unknown, 58).contains("unknown order"), s(unknown, 58))
      val other = refused(b, replace("x2", "a1", '1', "ACME", 10, "9"))
      assertEquals((s(other, 37), other.getInt(102)), ("NONE", 1))
      val side = refused(a, replace("x3", "a1", '2', "ACME", 10, "9"))
      assertEquals(s(side, 37), s(n, 37))
      assert(s(side, 58).contains("cannot change the side"), s(side, 58))
      assert(s(refused(a, replace("a1", "a1", '1', "ACME", 10, "9")), 58).contains("already used"))
      assert(s(refused(a, replace("x4", "a1", '1', "ACME", 10, "0")), 58).contains("Price (44)"))
      // post-only keeps its flag: moving it onto the ask is refused by the venue with would-cross
      b.send(limit("s1", '2', "ACME", 5, "11")); b.next("8")
      a.send(order(11 -> "p1", 54 -> "1", 55 -> "ACME", 38 -> "5", 40 -> "2", 44 -> "10", 18 -> "6"));
      a.next("8")
      val cross = refused(a, replace("p2", "p1", '1', "ACME", 5, "11"))
      assert(s(cross, 58).contains("would-cross"), s(cross, 58))
      a.send(cancel("a2", "a1", '1', "ACME")); assertEquals(a.next("8").getChar(150), '4')
      val late = refused(a, replace("x5", "a1", '1', "ACME", 10, "9"))
      assertEquals((late.getInt(102), late.getChar(39)), (0, '4'))
      assert(s(late, 58).contains("too late to replace: the order is canceled"), s(late, 58))
      // nothing moved: B's ask still rests at 11 with 5
      a.send(limit("a3", '1', "ACME", 5, "11")); a.next("8")
      assertEquals(a.next("8").getString(32), "5")
    }
  }

  test("a message QuickFIX/J cannot validate gets a session-level Reject and the session stays up") {
    withGateway { r =>
      val a = r.loggedOn("A")
      a.send(order(11 -> "g1", 54 -> "1", 55 -> "ACME", 38 -> "ten", 40 -> "2", 44 -> "10"))
      assertEquals(a.next("3").getHeader.getString(35), "3")
      a.send(limit("g2", '1', "ACME", 10, "10"))
      assertEquals(a.next("8").getChar(150), '0')
    }
  }
}
