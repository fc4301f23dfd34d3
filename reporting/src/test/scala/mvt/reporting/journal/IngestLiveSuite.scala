package mvt.reporting.journal

import mvt.reporting.{ReportFlow, StoreFixtures}

import java.io.FileOutputStream
import java.math.BigDecimal as JBig
import java.nio.file.Files
import java.util.concurrent.atomic.{AtomicLong, AtomicReference}

/**
 * Ingest following a journal while a writer thread appends to it as `mvt match` does (each command's trade
 * lines, flushed, then its quote line, flushed; now and then a line flushed in two halves) ends in the same
 * store as one pass over the finished files. The writer waits at chosen writes until a poll has seen them, so
 * partial lines, a live session's watermark and a session finishing under ingest are met whatever the timing.
 */
class IngestLiveSuite extends munit.FunSuite with StoreFixtures {

  private val Fee = new JBig("0.01")
  // generous: only a broken ingest or writer gets near it
  private val PatienceNanos = 60L * 1000000000L

  private def follow(seed: Long, chunkBytes: Int): Unit = withTempDir { tmp =>
    val flow = ReportFlow.generate(seed, days = 3, steps = 40)
    val writes = ReportFlow.writes(flow, end = true)
    val whole = Files.createDirectory(tmp.resolve("whole"))
    ReportFlow.writeAll(whole, flow)
    ingestAll(tmp.resolve("whole.db"), whole, Fee)

    val live = Files.createDirectory(tmp.resolve("live"))
    val written = new AtomicLong(0L) // appends made so far
    val seen = new AtomicLong(-1L) // appends made before the start of the last finished poll
    val writerFailure = new AtomicReference[Throwable](null)
    val rnd = new scala.util.Random(seed)
    def waitSeen(n: Long): Unit = {
      val deadline = System.nanoTime() + PatienceNanos
      while (seen.get < n && System.nanoTime() < deadline) Thread.sleep(1)
      if (seen.get < n) throw new IllegalStateException(s"no poll saw append $n")
    }
    val writer = new Thread(() =>
      try
        for ((w, i) <- writes.zipWithIndex) {
          val f = live.resolve(w.file)
          if (w.bytes.isEmpty) Files.createFile(f)
          else {
            val out = new FileOutputStream(f.toFile, true)
            try {
              val split = w.bytes.length > 2 && rnd.nextInt(10) == 0
              if (split) {
                val half = 1 + rnd.nextInt(w.bytes.length - 1)
                out.write(w.bytes, 0, half)
                out.flush()
                written.incrementAndGet()
                waitSeen(written.get) // a poll meets the partial line
                out.write(w.bytes, half, w.bytes.length - half)
              } else out.write(w.bytes)
              out.flush()
            } finally out.close()
          }
          written.incrementAndGet()
          if (i % 17 == 0 || w.file.endsWith(".trades.csv") && w.bytes.isEmpty) waitSeen(written.get)
        }
      catch { case e: Throwable => writerFailure.set(e) }
    )
    val db = tmp.resolve("live.db")
    withStore(db, Some(Fee)) { store =>
      val ingest = run(Ingest(store, live, chunkBytes))
      writer.start()
      val deadline = System.nanoTime() + PatienceNanos
      var polls = 0
      while (writer.isAlive && System.nanoTime() < deadline && ingest.failed.isEmpty) {
        val before = written.get
        val n = run(ingest.poll)
        seen.set(before)
        polls += 1
        if (n == 0) Thread.sleep(1)
      }
      seen.set(Long.MaxValue) // a writer still waiting goes on
      writer.join(PatienceNanos / 1000000L)
      assert(!writer.isAlive, "the writer did not finish")
      assertEquals(writerFailure.get, null)
      assertEquals(ingest.failed, None)
      run(ingest.catchUp)
      assertEquals(ingest.failed, None)
      assert(polls > 0)
    }
    val expected = tables(tmp.resolve("whole.db"))
    val got = tables(db)
    for (t <- expected.keys) assertEquals(got(t), expected(t), s"seed $seed: table $t")
    assert(got("feeds").forall(_.endsWith("|1")), got("feeds"))
  }

  test("ingest following a journal as it is written ends where one pass over the finished journal does") {
    follow(31L, Ingest.ChunkBytes)
  }

  test("the same on other journals, read a few hundred bytes at a time") {
    follow(32L, 200)
    follow(33L, 3000)
  }
}
