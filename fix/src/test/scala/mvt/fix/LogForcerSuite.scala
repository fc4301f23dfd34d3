package mvt.fix

import mvt.core.{Command, OrderId, Price, Side, Symbol}

import java.nio.file.Files
import java.util.concurrent.{LinkedBlockingQueue, TimeUnit}

/** The order log's forcing thread: a batch's commands are released only once its records are in the file, in order. */
class LogForcerSuite extends munit.FunSuite {

  private val Acme = Symbol.unsafe("ACME")

  test(
    "batches are released in the order offered, each after its records are written, and read back on reopen"
  ) {
    val dir = Files.createTempDirectory("mvt-log-forcer")
    val path = OrderLog.pathFor(dir, "2026-01-05")
    try {
      val (log, _) = OrderLog.open(path).fold(fail(_), identity)
      val released = new LinkedBlockingQueue[(Long, Boolean)]()
      val forcer = new LogForcer(
        log,
        b => {
          // the batch's own line is already in the file when its command is released
          val id = b.works(0) match { case Work.Add(o) => o.id; case _ => -1L }
          released.put((id, Files.readString(path).contains(s"N,$id,")))
        },
        (_, e) => fail(s"no write should fail here: $e")
      )
      val thread = new Thread(forcer, "test-order-log")
      thread.start()
      val orders = (0 until 50).map { k =>
        val o = new FixOrder(FixOrder.IdBase + k, "A", s"c$k", Acme, Side.Buy, Price.unsafe("10"), 5)
        log.newOrder(o)
        forcer.offer(
          new LogForcer.Batch(
            log.take(),
            Array[Command](Command.Cancel(Acme, OrderId(o.id))),
            Array(Work.Add(o))
          )
        )
        o
      }
      forcer.stop()
      thread.join(60000)
      val got = Vector.fill(orders.size)(released.poll(60, TimeUnit.SECONDS))
      assertEquals(got, orders.map(o => (o.id, true)).toVector)
      log.close()
      val (again, rec) = OrderLog.open(path).fold(fail(_), identity)
      again.close()
      assertEquals(rec.orders.map(o => (o.id, o.clOrdId)), orders.map(o => (o.id, o.clOrdId)).toVector)
    } finally {
      Files.deleteIfExists(path)
      Files.deleteIfExists(dir)
    }
  }

  test("take hands over what was appended since the last take, and nothing twice") {
    val dir = Files.createTempDirectory("mvt-log-take")
    val path = OrderLog.pathFor(dir, "2026-01-05")
    try {
      val (log, _) = OrderLog.open(path).fold(fail(_), identity)
      log.clOrdIdUsed("A", "x")
      val first = new String(log.take(), "US-ASCII")
      val empty = log.take()
      log.clOrdIdUsed("B", "y,z")
      val second = new String(log.take(), "US-ASCII")
      log.close()
      assertEquals((first, empty.length, second), ("C,A,x\n", 0, "C,B,y,z\n"))
    } finally {
      Files.deleteIfExists(path)
      Files.deleteIfExists(dir)
    }
  }
}
