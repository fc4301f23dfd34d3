package mvt.venue

import mvt.reporting.StoreFixtures

import java.nio.file.{Files, StandardOpenOption}
import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * The journal's space written ahead of its records (`JournalFile`): a running venue keeps it, a stopped or closed
 * one ends at its last record; after a crash, recovery ends the records at the space (not counted as a torn
 * tail), cuts a record torn into it at any byte, refuses a record of fill with records after it, and the reopened
 * day appends after its last good record.
 */
class SpaceAheadSuite extends munit.FunSuite with StoreFixtures {

  val suite = new VenueSuite
  val torn = new TornTailSuite

  def fill(n: Int): Array[Byte] = Array.fill(n)(JournalFile.Fill)

  def allFill(bytes: Array[Byte], from: Int): Boolean = bytes.drop(from).forall(_ == JournalFile.Fill)

  test("a running venue keeps space written ahead of its records; a stopped one ends at its last record") {
    withTempDir { dir =>
      val c = suite.config(dir)
      val v = suite.open(c)
      val cmds = suite.commands(300, 11L)
      val futures = cmds.map(cmd => v.submit(cmd).fold(r => fail(r.reason), identity))
      futures.foreach(f => Await.result(f, 60.seconds))
      // every outcome is out, so every record is in the file, with the space after them
      val running = Files.readAllBytes(c.journal)
      val oracle = JournalOracle.run(c.journal)
      assert(!oracle.complete)
      assertEquals(JournalOracle.commandIds(c.journal).size, cmds.size)
      assert(allFill(running, running.length - 4096), "the file ends with space written ahead")
      v.stop()
      suite.terminate(v)
      val stopped = Files.readAllBytes(c.journal)
      assertEquals((stopped.length - 12) % 32, 0)
      assert(!allFill(stopped, stopped.length - 32), "the stopped journal ends with a record")
      assertEquals(stopped.toVector, running.take(stopped.length).toVector)
      assertEquals(JournalOracle.commandIds(c.journal).size, cmds.size)
    }
  }

  test("a closed journal ends with its trailer, no space behind it") {
    withTempDir { dir =>
      val c = suite.config(dir)
      val v = suite.open(c)
      suite.commands(200, 12L).foreach(cmd => assertEquals(v.submit(cmd, Reply.Ignore), None))
      v.closeSession()
      suite.terminate(v)
      assert(JournalOracle.run(c.journal).complete, "the closed journal is a complete log")
      assert(Files.exists(c.end))
    }
  }

  test("space ahead left by a crash ends the records and is not a torn tail; the day goes on after them") {
    withTempDir { tmp =>
      val day = torn.stoppedDay(tmp.resolve("day"))
      val size = Files.size(day.journal)
      val c = torn.copyDay(day, tmp.resolve("crashed"))
      Files.write(c.journal, fill(100000), StandardOpenOption.APPEND)
      val scan = JournalScan.scan(c.journal).fold(d => fail(d.render), identity)
      assertEquals((scan.goodBytes, scan.torn, scan.preallocated), (size, 0L, 100000L))
      val v = Venue.open(c, _ => ()).fold(e => fail(e.render), identity)
      assertEquals(v.recovery.tornBytes, 0L)
      assertEquals(v.recovery.commands, 120L)
      val more = suite.commands(260, 7L).drop(120)
      more.map(cmd => v.submit(cmd).fold(r => fail(r.reason), identity)).foreach(f =>
        Await.result(f, 60.seconds)
      )
      v.stop()
      suite.terminate(v)
      // the whole day, as one venue that ran through it would have journaled it
      val whole = torn.stoppedDay(tmp.resolve("whole"), 260)
      assertEquals(JournalOracle.commandIds(c.journal), JournalOracle.commandIds(whole.journal))
      val oracle = JournalOracle.run(c.journal)
      assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades))
      assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes))
      assertEquals(v.snapshotAfterStop, oracle.snapshot)
    }
  }

  test("a record torn into the space ahead at every byte offset of the last two is cut") {
    withTempDir { tmp =>
      val day = torn.stoppedDay(tmp.resolve("day"))
      val bytes = Files.readAllBytes(day.journal)
      val size = bytes.length
      for (cut <- (size - 2 * 32) until size) {
        val c = torn.copyDay(day, tmp.resolve(s"cut-$cut"))
        // the write stopped at `cut`: the rest of the file is still the space written ahead
        Files.write(c.journal, bytes.take(cut) ++ fill(size - cut + 8192))
        torn.recoversTo(c, (cut - (cut - 12) % 32).toLong, s"torn into the space at $cut of $size")
      }
    }
  }

  test("a record of fill with records after it is damage, refused with its offset and nothing changed") {
    withTempDir { tmp =>
      val day = torn.stoppedDay(tmp.resolve("day"))
      val c = torn.copyDay(day, tmp.resolve("damaged"))
      val bytes = Files.readAllBytes(c.journal)
      val at = bytes.length - 5 * 32
      java.util.Arrays.fill(bytes, at, at + 32, JournalFile.Fill)
      Files.write(c.journal, bytes ++ fill(4096))
      val before = List(c.journal, c.trades, c.quotes).map(p => Files.readAllBytes(p).toVector)
      Venue.open(c, _ => ()) match {
        case Left(e @ VenueError.Damaged(_, d)) => assertEquals(d.offset, at.toLong, e.render)
        case other => fail(s"expected damage, got $other")
      }
      assertEquals(List(c.journal, c.trades, c.quotes).map(p => Files.readAllBytes(p).toVector), before)
    }
  }

  test("the space grows with what was written, in pieces ending on 4 KiB, and is cut on demand") {
    withTempDir { dir =>
      val path = dir.resolve("j")
      val ch = java.nio.channels.FileChannel.open(
        path,
        StandardOpenOption.CREATE,
        StandardOpenOption.READ,
        StandardOpenOption.WRITE
      )
      try {
        val f = new JournalFile(ch, 0L, 1L << 20)
        val rec = java.nio.ByteBuffer.allocate(1000)
        var i = 0
        while (i < 3000) {
          rec.clear(); java.util.Arrays.fill(rec.array, (i % 100 + 1).toByte)
          f.append(rec); f.topUp(1000L)
          assert(f.spaceAhead >= 0L)
          assertEquals(ch.size % 4096, if (f.spaceAhead > 0L) 0L else ch.size % 4096)
          assert(f.spaceAhead <= (1L << 20) + 4096, s"${f.spaceAhead} bytes ahead")
          i += 1
        }
        assertEquals(f.end, 3000000L)
        assert(f.spaceAhead >= (1L << 19) - 2000, s"${f.spaceAhead} bytes ahead at the end")
        val all = Files.readAllBytes(path)
        assert(allFill(all, 3000000), "fill after the records")
        assertEquals(all(2999999), 100.toByte)
        f.cut()
        assertEquals(ch.size, 3000000L)
        assertEquals(f.spaceAhead, 0L)
        // without space ahead the file grows by its records alone
        val plain = new JournalFile(ch, 3000000L, 0L)
        rec.clear(); plain.append(rec); plain.topUp(1000L)
        assertEquals(ch.size, 3001000L)
      } finally ch.close()
    }
  }
}
