package mvt.venue

import mvt.core.*

/**
 * The inbound ring: bounded (a full ring refuses at once), lock-free with many producers and one consumer that
 * never waits (an empty ring answers false at once), every command taken exactly once, each producer's in order.
 */
class InboundRingSuite extends munit.FunSuite {

  // five spinning threads on a busy small machine: the race's own deadline (120 s) decides, not munit's 30 s
  override val munitTimeout = scala.concurrent.duration.Duration(180, "s")

  def cancel(id: Long): Command = Command.Cancel(Symbol.unsafe("ACME"), OrderId(id))

  test("a full ring refuses the producer; taking one makes room for one") {
    val ring = new InboundRing(8)
    assertEquals(ring.capacity, 8)
    (1 to 8).foreach(i => assert(ring.offer(cancel(i.toLong), Reply.Ignore, -1L), s"offer $i"))
    assert(!ring.offer(cancel(9L), Reply.Ignore, -1L), "a ninth command in a ring of 8")
    assert(ring.poll())
    assertEquals(ring.takenCommand, cancel(1L))
    assert(ring.offer(cancel(9L), Reply.Ignore, -1L))
    assert(!ring.offer(cancel(10L), Reply.Ignore, -1L))
  }

  test("an empty ring answers the consumer at once, however long it is asked") {
    val ring = new InboundRing(4)
    (1 to 100000).foreach(_ => assert(!ring.poll()))
    assert(ring.offer(cancel(1L), Reply.Ignore, 42L))
    assert(ring.poll())
    assertEquals((ring.takenCommand, ring.takenAt), (cancel(1L), 42L))
    assert(!ring.poll())
  }

  test("four producers racing through a small ring: every command once, each producer's in order") {
    val ring = new InboundRing(64)
    val perProducer = 50000
    val producers = (0 until 4).map { p =>
      new Thread(() => {
        var i = 1
        while (i <= perProducer) {
          if (ring.offer(cancel(p * 1000000L + i), Reply.Ignore, p.toLong)) i += 1 else Thread.onSpinWait()
        }
      })
    }
    producers.foreach(_.start())
    val last = Array.fill(4)(0L)
    var taken = 0
    val deadline = System.nanoTime() + 120L * 1000000000L
    while (taken < 4 * perProducer && System.nanoTime() < deadline) {
      if (ring.poll()) {
        val p = ring.takenAt.toInt
        val id = ring.takenCommand.asInstanceOf[Command.Cancel].id.value - p * 1000000L
        assertEquals(id, last(p) + 1, s"producer $p")
        last(p) = id
        taken += 1
      }
    }
    producers.foreach(_.join())
    assertEquals(taken, 4 * perProducer)
    assert(!ring.poll())
  }
}
