package mvt.fix

import FixTestClient.limit

import java.util.concurrent.{CountDownLatch, TimeUnit}

/** The gateway's close: every report it owes reaches its session before the acceptor forgets the sessions. */
class FixCloseSuite extends munit.FunSuite with FixFixture {

  test(
    "a report owed at the close reaches its client, and an order sent during the close is refused with a Text"
  ) {
    withDir { dir =>
      // the gateway thread is held on the outcome of order "late" until the close has begun
      val reached = new CountDownLatch(1)
      val hold = new CountDownLatch(1)
      val held = new OrderStages {
        def passed(stage: Int, clOrdId: String, nanos: Long): Unit =
          if (stage == OrderStages.Handled && clOrdId == "late") {
            reached.countDown()
            val _ = hold.await(60, TimeUnit.SECONDS)
          }
      }
      val r = start(dir, Some(held))
      try {
        val a = r.loggedOn("A")
        a.send(limit("late", '1', "ACME", 10, "10"))
        assert(reached.await(60, TimeUnit.SECONDS), "the outcome of the order reached the gateway thread")
        val closing = new Thread(() => r.gateway.close(), "test-close")
        closing.start()
        val deadline = System.nanoTime() + 60000000000L
        while (!r.gateway.closeQueued && System.nanoTime() < deadline) Thread.sleep(5)
        a.send(limit("after", '1', "ACME", 10, "10"))
        // a close that forgot the sessions first would disconnect the client now; give it the time to, then let
        // the gateway thread go on
        val disconnectBy = System.nanoTime() + 1000000000L
        while (a.loggedOn && System.nanoTime() < disconnectBy) Thread.sleep(10)
        hold.countDown()
        val late = a.next("8")
        assertEquals((late.getString(11), late.getChar(150)), ("late", '0'))
        val after = a.next("8")
        assertEquals((after.getString(11), after.getChar(150)), ("after", '8'))
        assertEquals(after.getString(58), "the gateway is closing: nothing was taken")
        closing.join(60000)
        assert(!closing.isAlive, "the close ended")
        val lost = r.logLines.toArray.toVector.map(_.toString).filter(_.contains("no session"))
        assertEquals(lost, Vector.empty[String])
      } finally {
        hold.countDown()
        r.stop()
      }
    }
  }
}
