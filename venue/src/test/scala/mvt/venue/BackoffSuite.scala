package mvt.venue

import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean

/**
 * The idle wait of the engine and commit threads: spins, then yields, then naps that an unpark cuts short; `wake`
 * reaches a parked owner, and no wake-up is lost between its last look at its work and its park.
 */
class BackoffSuite extends munit.FunSuite {

  test("a backoff spins, then yields, then parks; a reset starts over at the spins") {
    val b = new Backoff(3, 2, 1000L)
    val phases = Vector.fill(8)(b.pause())
    assertEquals(
      phases,
      Vector(Backoff.Spun, Backoff.Spun, Backoff.Spun, Backoff.Yielded, Backoff.Yielded) ++
        Vector.fill(3)(Backoff.Parked)
    )
    b.reset()
    assertEquals(b.pause(), Backoff.Spun)
  }

  test("the spins shrink after waits that parked and grow back after waits whose work came while spinning") {
    val b = new Backoff(64, 0, 1000L, Backoff.NoWork, 4)
    def waitUntilPark(): Int = { var spun = 0; while (b.pause() == Backoff.Spun) spun += 1; spun }
    assertEquals(waitUntilPark(), 64)
    b.reset()
    // each wait that ended in a park halves the next one's spins, down to the least
    assertEquals(Vector.fill(5) { val s = waitUntilPark(); b.reset(); s }, Vector(32, 16, 8, 4, 4))
    // each wait whose work came while it spun (a reset before the spins ran out) doubles them, up to the most
    val grown = Vector.fill(6) { assertEquals(b.pause(), Backoff.Spun); b.reset(); b.spinBudget }
    assertEquals(grown, Vector(8, 16, 32, 64, 64, 64))
    // a reset with no wait since the last one changes nothing
    b.reset()
    assertEquals(b.spinBudget, 64)
  }

  test("without a least number of spins given, the spins never shrink") {
    val b = new Backoff(3, 0, 1000L)
    val _ = Vector.fill(5)(b.pause())
    b.reset()
    assertEquals(b.spinBudget, 3)
  }

  test("no spins and no yields parks at once") {
    val b = new Backoff(0, 0, 1000L)
    assertEquals(b.pause(), Backoff.Parked)
  }

  test("an unpark wakes a thread napping in its backoff long before the nap ends") {
    // a nap of an hour: the waiter can only see the flag in time if the unpark cuts the nap short
    val b = new Backoff(0, 0, 3600L * 1000000000L)
    val flag = new AtomicBoolean(false)
    val started = new CountDownLatch(1)
    val woke = new CountDownLatch(1)
    val waiter = new Thread(() => {
      started.countDown()
      while (!flag.get) { val _ = b.pause() }
      woke.countDown()
    })
    waiter.setDaemon(true)
    waiter.start()
    started.await()
    flag.set(true)
    java.util.concurrent.locks.LockSupport.unpark(waiter)
    assert(woke.await(60, java.util.concurrent.TimeUnit.SECONDS), "the unpark did not wake the waiter")
  }

  test("wake unparks an owner parked with an hour's nap; its work is looked at before it parks") {
    val flag = new AtomicBoolean(false)
    val b = new Backoff(0, 0, 3600L * 1000000000L, new Backoff.Work { def ready = flag.get })
    // work already there when the owner comes to park: it does not park at all
    flag.set(true)
    assertEquals(b.pause(), Backoff.Parked)
    flag.set(false)
    val woke = new CountDownLatch(1)
    val waiter = new Thread(() => {
      while (!flag.get) { val _ = b.pause() }
      woke.countDown()
    })
    waiter.setDaemon(true)
    waiter.start()
    flag.set(true)
    b.wake()
    assert(woke.await(60, java.util.concurrent.TimeUnit.SECONDS), "wake did not reach the parked owner")
  }

  test("two threads handing work back and forth through hour-long naps never miss a wake-up") {
    // each side parks for an hour when idle: one missed wake-up would hang the exchange and fail the test
    val rounds = 20000
    val turn =
      new java.util.concurrent.atomic.AtomicInteger(0) // even: the first thread's turn, odd: the second's
    val hour = 3600L * 1000000000L
    val first = new Backoff(5, 0, hour, new Backoff.Work { def ready = (turn.get & 1) == 0 })
    val second = new Backoff(5, 0, hour, new Backoff.Work { def ready = (turn.get & 1) == 1 })
    val finished = new CountDownLatch(2)
    def side(mine: Int, own: Backoff, other: Backoff): Thread = {
      val t = new Thread(() => {
        var k = 0
        while (k < rounds) {
          if ((turn.get & 1) == mine) { turn.incrementAndGet(); other.wake(); own.reset(); k += 1 }
          else { val _ = own.pause() }
        }
        finished.countDown()
      })
      t.setDaemon(true)
      t
    }
    side(0, first, second).start()
    side(1, second, first).start()
    assert(finished.await(120, java.util.concurrent.TimeUnit.SECONDS), s"stalled at turn ${turn.get}")
    assertEquals(turn.get, 2 * rounds)
  }

  test("bad settings are refused") {
    intercept[IllegalArgumentException](new Backoff(-1, 0, 1L))
    intercept[IllegalArgumentException](new Backoff(0, 0, 0L))
  }
}
