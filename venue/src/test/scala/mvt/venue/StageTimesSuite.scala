package mvt.venue

import mvt.core.*
import mvt.reporting.StoreFixtures

import java.util.concurrent.{CountDownLatch, TimeUnit}

/** The benchmarks' stage times: every command's stages are recorded, in the order a command passes them. */
class StageTimesSuite extends munit.FunSuite with StoreFixtures {

  val Acme = Symbol.unsafe("ACME")

  test(
    "each command is taken, handed over, written, forced and fed in that order, before its acknowledgement"
  ) {
    withTempDir { dir =>
      val n = 3000
      val times = new StageTimes(n - 100) // the last hundred commands are past its capacity: not recorded
      val v = Venue.open(VenueConfig(dir, "2026-01-05", Vector(Acme), stages = Some(times)), _ => ())
        .fold(e => fail(e.render), identity)
      val ackedAt = new Array[Long](n)
      val all = new CountDownLatch(n)
      val reply = new AckReply {
        def acked(seq: Long, atNanos: Long): Unit = {
          ackedAt((seq - 1).toInt) = System.nanoTime(); all.countDown()
        }
      }
      var i = 0
      while (i < n) {
        val c = Command.Add(
          Acme,
          OrderId(i + 1L),
          if (i % 2 == 0) Side.Buy else Side.Sell,
          Price.fromRaw((100L + i % 7) * Price.Scale),
          Quantity(1L + i % 5),
          Account(1)
        )
        if (v.submit(c, reply).isEmpty) i += 1 else Thread.onSpinWait()
      }
      assert(all.await(60, TimeUnit.SECONDS), "every command acknowledged")
      v.stop()
      val _ = v.terminated.get(60, TimeUnit.SECONDS)
      assert(times.batches > 0 && times.batches <= n - 100, s"${times.batches} batches")
      var j = 0
      while (j < n - 100) {
        val b = times.batchOf(j)
        assert(b >= 0 && b < times.batches, s"command ${j + 1} has no batch")
        val stages =
          Vector(times.taken(j), times.handed(b), times.written(b), times.forced(b), times.fed(b), ackedAt(j))
        assert(stages.head > 0L && stages.sliding(2).forall(p => p(0) <= p(1)), s"command ${j + 1}: $stages")
        // a batch holds consecutive commands
        if (j > 0) assert(b == times.batchOf(j - 1) || b == times.batchOf(j - 1) + 1, s"command ${j + 1}")
        j += 1
      }
    }
  }
}
