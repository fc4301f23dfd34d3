package mvt.venue

import mvt.reporting.StoreFixtures

import java.nio.file.{Files, Path, StandardCopyOption}
import java.util.concurrent.TimeUnit

/**
 * Recovery from a torn journal: cut at every byte offset of its last records, or followed by unwritten (zero)
 * space or a malformed last record, it is cut to its whole good records, replayed, and the feeds brought to what
 * it implies. Damage before the tail is refused with its byte offset and nothing is changed.
 */
class TornTailSuite extends munit.FunSuite with StoreFixtures {

  val suite = new VenueSuite

  // a day of 120 commands (or `n`), stopped (not closed): the journal has no trailer
  def stoppedDay(dir: Path, n: Int = 120): VenueConfig = {
    val c = suite.config(dir)
    val v = suite.open(c)
    suite.commands(n, 7L).foreach(cmd => assertEquals(v.submit(cmd, Reply.Ignore), None))
    v.stop()
    val _ = v.terminated.get(60, TimeUnit.SECONDS)
    c
  }

  def copyDay(from: VenueConfig, to: Path): VenueConfig = {
    Files.createDirectories(to)
    for (p <- List(from.journal, from.trades, from.quotes))
      Files.copy(p, to.resolve(p.getFileName), StandardCopyOption.REPLACE_EXISTING)
    from.copy(dir = to)
  }

  def truncate(p: Path, size: Long): Unit = {
    val ch = java.nio.channels.FileChannel.open(p, java.nio.file.StandardOpenOption.WRITE)
    try { val _ = ch.truncate(size) }
    finally ch.close()
  }

  // recovery of `c` ends with the journal's whole good records and feeds equal to a replay of them
  def recoversTo(c: VenueConfig, goodBytes: Long, what: String): Unit = {
    val v = Venue.open(c, _ => ()).fold(e => fail(s"$what: ${e.render}"), identity)
    v.stop()
    val _ = v.terminated.get(60, TimeUnit.SECONDS)
    assertEquals(Files.size(c.journal), goodBytes, what)
    val oracle = JournalOracle.run(c.journal)
    assertEquals(v.recovery.commands, JournalOracle.commandIds(c.journal).size.toLong, what)
    assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades), what)
    assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes), what)
    assertEquals(v.snapshotAfterStop, oracle.snapshot, what)
  }

  test("a journal cut at every byte offset of its last three records recovers its whole records") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"))
      val size = Files.size(day.journal)
      for (cut <- (size - 3 * 32) until size) {
        val c = copyDay(day, tmp.resolve(s"cut-$cut"))
        truncate(c.journal, cut)
        recoversTo(c, cut - (cut - 12) % 32, s"cut at $cut of $size")
      }
    }
  }

  test("zero bytes after the records (space never written) and a malformed last record are a torn tail") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"))
      val size = Files.size(day.journal)
      val zeros = copyDay(day, tmp.resolve("zeros"))
      Files.write(zeros.journal, new Array[Byte](4096), java.nio.file.StandardOpenOption.APPEND)
      recoversTo(zeros, size, "4096 zero bytes after the records")
      val malformed = copyDay(day, tmp.resolve("malformed"))
      val bytes = Files.readAllBytes(malformed.journal)
      bytes(bytes.length - 32) = 0x55 // the last record's kind
      Files.write(malformed.journal, bytes)
      recoversTo(malformed, size - 32, "a malformed last record")
    }
  }

  test("damage before the tail is refused with its byte offset and nothing is changed") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"))
      val records = (Files.size(day.journal) - 12) / 32
      for (r <- List(3L, records / 2, records - 3)) {
        val c = copyDay(day, tmp.resolve(s"damaged-$r"))
        val bytes = Files.readAllBytes(c.journal)
        val at = (12 + r * 32).toInt
        bytes(at) = 0x55 // an unknown record kind
        Files.write(c.journal, bytes)
        val before = List(c.journal, c.trades, c.quotes).map(p => Files.readAllBytes(p).toVector)
        Venue.open(c, _ => ()) match {
          case Left(e @ VenueError.Damaged(_, d)) =>
            assertEquals(d.offset, at.toLong, e.render)
            assert(e.render.contains(s"byte offset $at"), e.render)
          case other => fail(s"record $r: expected damage, got $other")
        }
        assertEquals(List(c.journal, c.trades, c.quotes).map(p => Files.readAllBytes(p).toVector), before)
      }
    }
  }

  test(
    "damage before the tail with the feeds cut short or absent: refused, no feed written, cut or created"
  ) {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"))
      val records = (Files.size(day.journal) - 12) / 32
      for (feeds <- List("short", "absent")) {
        val c = copyDay(day, tmp.resolve(s"damaged-$feeds"))
        val bytes = Files.readAllBytes(c.journal)
        val at = (12 + (records - 3) * 32).toInt
        bytes(at) = 0x55 // an unknown record kind, after every feed line the recovery would write
        Files.write(c.journal, bytes)
        for (p <- List(c.trades, c.quotes))
          if (feeds == "short") truncate(p, Files.size(p) / 4) else Files.delete(p)
        val before = List(c.journal, c.trades, c.quotes).map(p =>
          if (Files.exists(p)) Some(Files.readAllBytes(p).toVector) else None
        )
        Venue.open(c, _ => ()) match {
          case Left(e @ VenueError.Damaged(_, d)) => assertEquals(d.offset, at.toLong, e.render)
          case other => fail(s"$feeds: expected damage, got $other")
        }
        val after = List(c.journal, c.trades, c.quotes).map(p =>
          if (Files.exists(p)) Some(Files.readAllBytes(p).toVector) else None
        )
        assertEquals(after, before, feeds)
      }
    }
  }
}
