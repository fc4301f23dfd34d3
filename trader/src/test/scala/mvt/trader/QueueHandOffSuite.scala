package mvt.trader

import mvt.trader.queue.*

import mvt.trader.TraderGens.*

import java.util.concurrent.locks.LockSupport

/** `take` and `close`, a producer that `block` holds until there is room, hand-offs between threads. */
class QueueHandOffSuite extends munit.FunSuite {

  // a guard against hanging the build if a hand-off deadlocks, far above any expected duration
  private def joined(t: Thread): Unit = {
    t.join(120000)
    assert(!t.isAlive, s"${t.getName} did not finish")
  }

  /** Takes on a second thread until `take` returns null, while this thread offers `events`, then closes. */
  private def handOff(q: BboQueue, events: Vector[BboEvent]): (Vector[Boolean], Vector[BboEvent]) = {
    val got = Vector.newBuilder[BboEvent]
    val consumer = new Thread(
      () => {
        var e = q.take()
        while (e != null) { got += e; e = q.take() }
      },
      "test-consumer"
    )
    consumer.start()
    val accepted = events.map(q.offer)
    q.close()
    joined(consumer)
    (accepted, got.result()) // join makes the consumer's writes visible
  }

  private val stream: Vector[BboEvent] = Vector.tabulate(3000)(i => event(symbols(i % 3), i.toLong))

  for (p <- QueuePolicy.values)
    test(s"${p.label}: take delivers what was offered before close, then returns null once drained") {
      val q = p.newQueue(8)
      val events = symbols.zipWithIndex.map((s, i) => event(s, i.toLong))
      events.foreach(e => assert(q.offer(e)))
      q.close()
      assertEquals(Vector.fill(3)(q.take()), events)
      assertEquals(q.take(), null)
      assertEquals(q.take(), null)
    }

  for (p <- QueuePolicy.values)
    test(s"${p.label}: take on a closed empty queue returns null") {
      val q = p.newQueue(4)
      q.close()
      assertEquals(q.take(), null)
    }

  test("conflate: after close, take delivers only the newest pending update of a symbol") {
    val q = QueuePolicy.Conflate.newQueue(4)
    q.offer(event(acme, 1))
    q.offer(event(acme, 2))
    q.close()
    assertEquals(q.take(), event(acme, 2))
    assertEquals(q.take(), null)
  }

  test("block: a producer offering to a full queue waits inside offer until a poll makes room") {
    val q = QueuePolicy.Block.newQueue(2)
    val Vector(e1, e2, e3) = Vector.tabulate(3)(i => event(acme, i.toLong)): @unchecked
    assert(q.offer(e1))
    assert(q.offer(e2))
    @volatile var answer = false
    @volatile var returned = false
    val producer = new Thread(() => { answer = q.offer(e3); returned = true }, "test-producer")
    producer.start()
    // a thread parked in offer has a blocker; one that did not wait runs to its end instead
    while (LockSupport.getBlocker(producer) == null && producer.isAlive) Thread.onSpinWait()
    assert(!returned, "offer to a full block queue returned without waiting")
    assertEquals(q.size, 2)
    assertEquals(q.poll(), e1)
    joined(producer)
    assert(answer)
    assertEquals(Vector(q.poll(), q.poll(), q.poll()), Vector(e2, e3, null))
    assertEquals(q.drops.labelled, Vector.empty)
  }

  test("unbounded: a second thread taking gets every event in order") {
    val (accepted, got) = handOff(QueuePolicy.Unbounded.newQueue(1), stream)
    assert(accepted.forall(identity))
    assertEquals(got, stream)
  }

  for (capacity <- Vector(1, 20))
    test(s"block $capacity: a second thread taking gets every event in order and nothing is dropped") {
      val q = QueuePolicy.Block.newQueue(capacity)
      val (accepted, got) = handOff(q, stream)
      assert(accepted.forall(identity))
      assertEquals(got, stream)
      assertEquals(q.drops.labelled, Vector.empty)
    }

  for (capacity <- Vector(1, 20))
    test(
      s"drop-newest $capacity: exactly the accepted events arrive, in order; the rest are queue-full"
    ) {
      val q = QueuePolicy.DropNewest.newQueue(capacity)
      val (accepted, got) = handOff(q, stream)
      assertEquals(got, stream.zip(accepted).collect { case (e, true) => e })
      assertEquals(q.drops.get(DropReason.QueueFull), accepted.count(!_).toLong)
      assertEquals(q.drops.get(DropReason.Superseded), 0L)
    }

  test(
    "conflate with room for every symbol: nothing is queue-full, each symbol's last update arrives, in order"
  ) {
    val q = QueuePolicy.Conflate.newQueue(3)
    val (accepted, got) = handOff(q, stream)
    assert(accepted.forall(identity))
    assertEquals(q.drops.get(DropReason.QueueFull), 0L)
    assertEquals(got.size.toLong + q.drops.get(DropReason.Superseded), stream.size.toLong)
    for (s <- symbols) {
      val ids = got.filter(_.update.symbol == s).map(_.sentNanos)
      assertEquals(ids, ids.distinct.sorted, s.name)
      assertEquals(ids.lastOption, stream.filter(_.update.symbol == s).lastOption.map(_.sentNanos), s.name)
    }
    assert(got.forall(e => stream(e.sentNanos.toInt) == e))
  }
}
