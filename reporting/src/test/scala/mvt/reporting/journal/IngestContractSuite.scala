package mvt.reporting.journal

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import mvt.core.Timestamp
import mvt.reporting.{ReportFlow, StoreFixtures}

import java.math.BigDecimal as JBig
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path, StandardOpenOption}
import scala.concurrent.duration.*

/**
 * Every way ingest can stop is seen, with its reason: a trade behind what the quote feed already reached is bad
 * data at its line, a feed that is not a regular file is refused by name, a commit that fails is retried until
 * it succeeds, and a byte order mark before the first trade line is no part of it.
 */
class IngestContractSuite extends munit.FunSuite with StoreFixtures {

  private val Fee = new JBig("0.001")
  private val T0 = Timestamp.parse("2026-03-02T14:30:00Z").get.epochNanos
  private def at(seconds: Long): String = Timestamp.fromEpochNanos(T0 + seconds * 1000000000L).render

  private def trade(seconds: Long, buyer: Int, seller: Int): String =
    s"trade,${at(seconds)},ACME,10.5,100,1,$buyer,2,$seller,BUY\n"
  private def quote(seconds: Long): String = s"${at(seconds)},ACME,10.4,100,10.6,200\n"

  private def append(p: Path, text: String): Unit = {
    val _ = Files.write(p, text.getBytes(UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND)
  }

  // a live session: its two feeds, the quote feed with its header
  private def session(dir: Path, name: String): (Path, Path) = {
    val trades = dir.resolve(s"$name.trades.csv")
    val quotes = dir.resolve(s"$name.quotes.csv")
    append(trades, "")
    append(quotes, "time,symbol,bid,bid_size,ask,ask_size\n")
    (trades, quotes)
  }

  private def eventually(what: String)(cond: => Boolean): Unit = {
    val deadline = System.nanoTime() + 120.seconds.toNanos
    var held = cond
    while (!held && System.nanoTime() < deadline) { Thread.sleep(50); held = cond }
    assert(held, s"never: $what")
  }

  test("a trade earlier than the quote line already folded is bad data at its file and line, not a crash") {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val (trades, quotes) = session(dir, "2026-03-02")
      append(trades, trade(1, 5, 6))
      append(quotes, quote(1) + quote(20))
      withStore(tmp.resolve("r.db"), Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        assertEquals(ingest.failed, None)
        // the quote at 20 s is folded; a trade at 10 s written after it cannot be
        append(trades, trade(10, 5, 6))
        run(ingest.catchUp)
        ingest.failed match {
          case Some(f @ IngestFailure.BadLine(file, line, detail)) =>
            assertEquals((file, line), (trades, 2L))
            assert(detail.contains(at(10)) && detail.contains(at(20)), detail)
            assert(f.message.startsWith(s"$trades: line 2: "), f.message)
          case other => fail(s"unexpected $other")
        }
        assertEquals(ingest.state, Ingest.State.Stopped(ingest.failed.get))
      }
    }
  }

  test("a feed that is a FIFO is refused by name, not read as an empty file") {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val quotes = dir.resolve("2026-03-02.quotes.csv")
      append(quotes, "time,symbol,bid,bid_size,ask,ask_size\n" + quote(1) + quote(4000))
      val fifo = dir.resolve("2026-03-02.trades.csv")
      assertEquals(new ProcessBuilder("mkfifo", fifo.toString).start().waitFor(), 0)
      withStore(tmp.resolve("r.db"), Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        ingest.failed match {
          case Some(IngestFailure.BadFile(file, detail)) =>
            assertEquals(file, fifo)
            assert(detail.contains("not a regular file"), detail)
          case other => fail(s"unexpected $other")
        }
        assertEquals(run(store.lastClosedHour), None, "no hour closed over a feed never read")
      }
    }
  }

  test("the first line of a session earlier than the last one folded does not speak of a line above it") {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val (t1, q1) = session(dir, "2026-03-02")
      append(t1, trade(1, 5, 6))
      append(q1, quote(1) + quote(100))
      val (t2, _) = session(dir, "2026-03-03")
      append(t2, trade(50, 5, 6))
      withStore(tmp.resolve("r.db"), Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        ingest.failed match {
          case Some(IngestFailure.BadLine(file, 1L, detail)) =>
            assertEquals(file, t2)
            assert(!detail.contains("line above"), detail)
            assert(detail.contains(at(100)), detail)
          case other => fail(s"unexpected $other")
        }
      }
    }
  }

  test("a byte order mark before the first trade line is skipped") {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val (trades, quotes) = session(dir, "2026-03-02")
      append(trades, "\uFEFF" + trade(1, 5, 6))
      append(quotes, quote(1) + quote(4000))
      Files.createFile(dir.resolve("2026-03-02.end"))
      withStore(tmp.resolve("r.db"), Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        assertEquals(ingest.failed, None)
        assert(run(store.knows(5)), "the trade was folded")
      }
    }
  }

  test(
    "a commit that fails is retried until it succeeds, the state saying why meanwhile, and nothing is lost"
  ) {
    withTempDir { tmp =>
      val flow = ReportFlow.generate(17L, days = 2, steps = 30)
      val whole = Files.createDirectory(tmp.resolve("whole"))
      ReportFlow.writeAll(whole, flow)
      ingestAll(tmp.resolve("whole.db"), whole, Fee)
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val db = tmp.resolve("r.db")
      val said = new java.util.concurrent.ConcurrentLinkedQueue[Option[String]]
      withStore(db, Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        val following = ingest
          .follow(50.millis, _ => IO.unit, r => IO(said.add(r)).void)
          .start
          .unsafeRunSync()
        // another connection holds the write lock: every commit fails (database is locked) until it lets go
        val other = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
        try {
          other.createStatement().execute("BEGIN EXCLUSIVE")
          ReportFlow.writeAll(dir, flow)
          eventually("ingest says it is retrying")(ingest.state.isInstanceOf[Ingest.State.Retrying])
          ingest.state match {
            case Ingest.State.Retrying(reason) =>
              assert(reason.startsWith("cannot commit to the store: "), reason)
            case other => fail(s"unexpected $other")
          }
          other.createStatement().execute("COMMIT")
        } finally other.close()
        // the state turns back to following just after the commit that catches up, and a commit that meets this
        // test's own reads of the store may be retried once more: wait for both rather than read the state once
        eventually("ingest caught up and following")(
          run(store.offsets).nonEmpty && run(store.offsets).forall(_.done) && ingest.state == Ingest.State.Following
        )
        following.cancel.unsafeRunSync()
      }
      assert(said.peek().isDefined, s"the trouble was told: $said")
      assert(said.contains(None), s"its end was told: $said")
      val expected = tables(tmp.resolve("whole.db"))
      val got = tables(db)
      for (t <- expected.keys) assertEquals(got(t), expected(t), s"table $t")
    }
  }
  test(
    "while a commit cannot finish, the fold goes on: live figures follow the feeds, and the store catches up"
  ) {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val (trades, quotes) = session(dir, "2026-03-02")
      val db = tmp.resolve("r.db")
      // the time of the last line folded, as the live figures see it after each step
      val seen = new java.util.concurrent.atomic.AtomicLong(Long.MinValue)
      withStore(db, Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir, watcher = fold => seen.set(fold.now)))
        val following = ingest.follow(50.millis, _ => IO.unit).start.unsafeRunSync()
        val other = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
        try {
          other.createStatement().execute("BEGIN EXCLUSIVE")
          append(trades, trade(1, 5, 6))
          append(quotes, quote(1))
          eventually("ingest says it is retrying")(ingest.state.isInstanceOf[Ingest.State.Retrying])
          append(trades, trade(30, 7, 8))
          append(quotes, quote(30))
          eventually("the live figures reached the second trade")(seen.get == T0 + 30L * 1000000000L)
          assert(ingest.state.isInstanceOf[Ingest.State.Retrying], s"still unable to commit: ${ingest.state}")
          assert(!run(store.knows(7)), "nothing was committed while the store was locked")
          other.createStatement().execute("COMMIT")
        } finally other.close()
        eventually("the store caught up")(run(store.knows(7)))
        assertEquals(ingest.state, Ingest.State.Following)
        following.cancel.unsafeRunSync()
      }
    }
  }
}
