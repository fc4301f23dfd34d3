package mvt.cluster

import scala.collection.mutable

/**
 * The trader's outbox keeps the order of decisions: a message waiting for its write holds back everything behind
 * it, a settled one goes (or is dropped) and the rest follow in order.
 */
class OutboxSuite extends munit.FunSuite {

  private def message(seq: Long, command: OrderCommand): OrderMessage =
    OrderMessage(NodeId("n#1"), seq, mvt.crdt.ClientId("acct-1"), StrategyId("s"), command, null)

  private def add(seq: Long) = message(seq, OrderCommand.Add("ACME", seq, buy = true, 100L, 1L, 1L))
  private def cancel(seq: Long, of: Long) = message(seq, OrderCommand.Cancel("ACME", of))

  test("with nothing pending, every message goes at once") {
    val sent = mutable.ArrayBuffer.empty[Long]
    val box = new Outbox(m => sent += m.seq)
    box.send(add(1), pending = false)
    box.send(cancel(2, 1), pending = false)
    assertEquals(sent.toVector, Vector(1L, 2L))
    assertEquals(box.queued, 0)
  }

  test("a pending add holds back what follows; settled, it goes first and the rest follow in order") {
    val sent = mutable.ArrayBuffer.empty[Long]
    val box = new Outbox(m => sent += m.seq)
    box.send(add(1), pending = true)
    box.send(cancel(2, 1), pending = false)
    box.send(add(3), pending = false)
    assertEquals(sent.toVector, Vector.empty)
    assertEquals(box.settle(1, ok = true).map(_.message.seq), Some(1L))
    assertEquals(sent.toVector, Vector(1L, 2L, 3L))
    assertEquals(box.queued, 0)
    assertEquals(box.settle(1, ok = true), None, "settled once")
  }

  test("a refused write drops its message, returned for the caller to undo, and releases those behind it") {
    val sent = mutable.ArrayBuffer.empty[Long]
    val box = new Outbox(m => sent += m.seq)
    box.send(add(1), pending = true)
    box.send(add(2), pending = true)
    box.send(cancel(3, 2), pending = false)
    // the second settles first: still behind the first
    assert(box.settle(2, ok = true).exists(_.isInstanceOf[Outbox.Sent]))
    assertEquals(sent.toVector, Vector.empty)
    box.settle(1, ok = false) match {
      case Some(Outbox.Dropped(m)) => assertEquals(m.seq, 1L)
      case other => fail(s"expected the first dropped, got $other")
    }
    assertEquals(sent.toVector, Vector(2L, 3L))
  }

  test("what is not acknowledged is sent again, in order, until it is; a dropped message never is") {
    val sent = mutable.ArrayBuffer.empty[Long]
    val box = new Outbox(m => sent += m.seq)
    box.send(add(1), pending = false)
    box.send(add(2), pending = true)
    box.send(cancel(3, 1), pending = false)
    box.send(add(4), pending = false)
    assertEquals(sent.toVector, Vector(1L))
    box.settle(2, ok = false)
    assertEquals(sent.toVector, Vector(1L, 3L, 4L))
    assert(box.acknowledged(3))
    assert(!box.acknowledged(3), "acknowledged once")
    assert(!box.acknowledged(2), "a dropped message was never sent")
    sent.clear()
    assertEquals(box.resend(), 0, "a first round gives each message a round's time for its answer")
    assertEquals(box.resend(), 2)
    assertEquals(sent.toVector, Vector(1L, 4L))
    assert(box.acknowledged(1) && box.acknowledged(4))
    sent.clear()
    assertEquals(box.resend(), 0)
    assertEquals(sent.toVector, Vector.empty)
    assertEquals(box.unacknowledged, 0)
    assertEquals(box.resends, 2L)
    box.send(add(5), pending = false)
    sent.clear()
    assertEquals(box.resend(all = true), 1, "an exchange that just appeared gets everything waiting")
    assertEquals(sent.toVector, Vector(5L))
  }
}
