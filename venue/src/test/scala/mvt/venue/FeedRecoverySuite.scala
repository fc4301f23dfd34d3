package mvt.venue

import mvt.reporting.StoreFixtures

import java.nio.file.{Files, Path, StandardOpenOption}

/**
 * Recovery with the feeds in place: the files' complete lines are kept unread and the engine's lines for them are
 * dropped unformatted; a torn last line or unwritten (zero) space is cut; lines beyond what the journal implies
 * are cut with a warning; a zero byte inside its lines or a wrong last line is refused with its offset and
 * nothing is changed; a wrong byte elsewhere in the prefix is refused in verify mode. The fast path and a full rebuild give
 * byte-identical feeds.
 */
class FeedRecoverySuite extends munit.FunSuite with StoreFixtures {

  val tails = new TornTailSuite
  val suite = tails.suite

  def stoppedDay(dir: Path, n: Int, seed: Long): VenueConfig = {
    val c = suite.config(dir)
    val v = suite.open(c)
    suite.commands(n, seed).foreach(cmd => assertEquals(v.submit(cmd, Reply.Ignore), None))
    v.stop()
    suite.terminate(v)
    c
  }

  def bytes(p: Path): Vector[Byte] = Files.readAllBytes(p).toVector

  def files(c: VenueConfig): List[Vector[Byte]] = List(c.journal, c.trades, c.quotes).map(bytes)

  def recover(c: VenueConfig): Venue = {
    val v = Venue.open(c, _ => ()).fold(e => fail(e.render), identity)
    v.stop()
    suite.terminate(v)
    v
  }

  // recovery of `c` (fast, or verifying) ends with the feeds `mvt match` makes of its journal
  def recoversFeeds(c: VenueConfig, what: String): Unit = {
    val oracle = JournalOracle.run(c.journal)
    val _ = recover(c)
    assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades), what)
    assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes), what)
  }

  def refused(c: VenueConfig, path: Path, offset: Long, what: String): Unit = {
    val before = files(c)
    Venue.open(c, _ => ()) match {
      case Left(e @ VenueError.FeedDamaged(p, at, _)) =>
        assertEquals(p, path, e.render)
        assertEquals(at, offset, e.render)
        assert(e.render.contains(s"byte offset $offset"), e.render)
      case other => fail(s"$what: expected a refused feed, got $other")
    }
    assertEquals(files(c), before, s"$what: nothing changed")
  }

  def newlines(p: Path): Vector[Int] =
    Files.readAllBytes(p).zipWithIndex.collect { case ('\n', i) => i }.toVector

  test("a feed cut mid-line (every offset of its last lines) is cut to its lines and completed") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"), 300, 11L)
      for (feed <- List("trades", "quotes"); verify <- List(false, true)) {
        val path = if (feed == "trades") day.trades else day.quotes
        val size = Files.size(path)
        val nl = newlines(path)
        assert(nl.size > 4, s"the $feed feed has lines")
        for (cut <- (nl(nl.size - 3) - 2).toLong until size by 7) {
          val c = tails.copyDay(day, tmp.resolve(s"$feed-$verify-$cut")).copy(verifyFeeds = verify)
          tails.truncate(if (feed == "trades") c.trades else c.quotes, cut)
          recoversFeeds(c, s"$feed cut at $cut of $size, verify $verify")
        }
      }
    }
  }

  test("zero bytes after a feed's lines (space never written), after a torn line too, are cut") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"), 300, 12L)
      for (verify <- List(false, true); torn <- List(0, 9)) {
        val c = tails.copyDay(day, tmp.resolve(s"zeros-$verify-$torn")).copy(verifyFeeds = verify)
        for (p <- List(c.trades, c.quotes)) {
          tails.truncate(p, Files.size(p) - torn)
          Files.write(p, new Array[Byte](4096), StandardOpenOption.APPEND)
        }
        recoversFeeds(c, s"zeros after a tear of $torn bytes, verify $verify")
      }
    }
  }

  test("a zero byte inside a feed's lines is refused with its offset; nothing is changed") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"), 300, 13L)
      for (verify <- List(false, true)) {
        val c = tails.copyDay(day, tmp.resolve(s"nul-$verify")).copy(verifyFeeds = verify)
        val b = Files.readAllBytes(c.trades)
        val at = b.length / 2
        b(at) = 0
        Files.write(c.trades, b)
        refused(c, c.trades, at.toLong, s"a zero byte at $at, verify $verify")
      }
    }
  }

  test(
    "a wrong byte in the last line is refused by the cheap check; elsewhere in the prefix, in verify mode"
  ) {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"), 300, 14L)
      val nl = newlines(day.trades)
      val lastStart = nl(nl.size - 2) + 1
      // the last line: the fast path formats it once and compares it
      val last = tails.copyDay(day, tmp.resolve("last"))
      val b = Files.readAllBytes(last.trades)
      b(lastStart + 3) = '#'.toByte
      Files.write(last.trades, b)
      refused(last, last.trades, lastStart.toLong, "a wrong byte in the last line")
      // a line in the middle: the fast path keeps it unread; verify mode finds it
      val middle = nl(nl.size / 2) + 5
      val fast = tails.copyDay(day, tmp.resolve("middle-fast"))
      val m = Files.readAllBytes(fast.trades)
      m(middle) = '#'.toByte
      Files.write(fast.trades, m)
      val kept = bytes(fast.trades)
      val _ = recover(fast)
      assertEquals(bytes(fast.trades), kept, "the fast path keeps the complete lines it did not read")
      val verified = tails.copyDay(day, tmp.resolve("middle-verify")).copy(verifyFeeds = true)
      Files.write(verified.trades, m)
      refused(verified, verified.trades, middle.toLong, "a wrong byte in the middle, verify mode")
    }
  }

  test("a feed holding more lines than the journal implies is cut to them, with a warning") {
    withTempDir { tmp =>
      val day = stoppedDay(tmp.resolve("day"), 300, 15L)
      for (verify <- List(false, true)) {
        val c = tails.copyDay(day, tmp.resolve(s"long-$verify")).copy(verifyFeeds = verify)
        // the journal loses its last records at a record boundary; the feeds keep the lines they implied
        val records = (Files.size(c.journal) - 12) / 32
        tails.truncate(c.journal, 12 + (records - 40) * 32)
        val oracle = JournalOracle.run(c.journal)
        assert(oracle.quotes.length < Files.size(c.quotes), "the shorter journal implies fewer quote lines")
        val logged = new StringBuilder
        val v = Venue.open(c, logged ++= _).fold(e => fail(e.render), identity)
        v.stop()
        suite.terminate(v)
        assert(v.recovery.feedsDiverged, s"verify $verify")
        assert(
          logged.toString.contains("WARNING: the feeds held lines no durable command implies"),
          logged.toString
        )
        assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades), s"verify $verify")
        assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes), s"verify $verify")
      }
    }
  }

  test("the fast path and a full rebuild give byte-identical feeds on random days, cut at random points") {
    withTempDir { tmp =>
      val rnd = new scala.util.Random(29L)
      for (k <- 0 until 6) {
        val day = stoppedDay(tmp.resolve(s"day-$k"), 100 + rnd.nextInt(400), 100L + k)
        val fast = tails.copyDay(day, tmp.resolve(s"fast-$k"))
        // a crash leaves each feed a prefix of its lines: cut anywhere, or lose them all
        for (p <- List(fast.trades, fast.quotes)) {
          val size = Files.size(p)
          tails.truncate(p, if (rnd.nextInt(5) == 0) 0L else rnd.nextLong(size + 1))
          if (rnd.nextBoolean()) Files.write(p, new Array[Byte](rnd.nextInt(600)), StandardOpenOption.APPEND)
        }
        val rebuilt = tails.copyDay(day, tmp.resolve(s"rebuilt-$k"))
        Files.delete(rebuilt.trades)
        Files.delete(rebuilt.quotes)
        val a = recover(fast)
        val b = recover(rebuilt)
        assertEquals(a.recovery.commands, b.recovery.commands)
        assertEquals(
          new String(Files.readAllBytes(fast.trades)),
          new String(Files.readAllBytes(rebuilt.trades))
        )
        assertEquals(
          new String(Files.readAllBytes(fast.quotes)),
          new String(Files.readAllBytes(rebuilt.quotes))
        )
        assertEquals(bytes(fast.trades), bytes(day.trades), s"day $k: the trades the day wrote")
        assertEquals(bytes(fast.quotes), bytes(day.quotes), s"day $k: the quotes the day wrote")
        // and a verifying recovery over the result agrees with it to the byte
        val again = fast.copy(verifyFeeds = true)
        val held = files(again)
        val _ = recover(again)
        assertEquals(files(again), held)
      }
    }
  }
}
