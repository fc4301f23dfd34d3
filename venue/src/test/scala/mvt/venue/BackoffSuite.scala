package mvt.venue

import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean

/** The idle wait of the engine and commit threads: spins, then yields, then naps that an unpark cuts short. */
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

  test("bad settings are refused") {
    intercept[IllegalArgumentException](new Backoff(-1, 0, 1L))
    intercept[IllegalArgumentException](new Backoff(0, 0, 0L))
  }
}
