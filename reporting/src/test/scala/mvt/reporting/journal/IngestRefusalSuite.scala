package mvt.reporting.journal

import mvt.core.Timestamp
import mvt.reporting.store.ReportStore
import mvt.reporting.{ReportFlow, StoreFixtures}

import java.math.BigDecimal as JBig
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path}

/**
 * What ingest and the store refuse, and that a refusal keeps what came before it: a malformed line, a bad
 * quote header, a time going back, a file that shrank, a finished session whose last line has no newline, a
 * store built with another fee, a file that is not a store.
 */
class IngestRefusalSuite extends munit.FunSuite with StoreFixtures {

  private val Fee = new JBig("0.001")

  private def lines(p: Path): Vector[String] =
    new String(Files.readAllBytes(p), US_ASCII).split("\n", -1).toVector.dropRight(1)

  private def rewrite(p: Path, ls: Vector[String]): Unit =
    Files.write(p, ls.map(_ + "\n").mkString.getBytes(US_ASCII))

  /** Line `n` (from 1) of `p` replaced by `f` of it. */
  private def editLine(p: Path, n: Int)(f: String => String): Unit = {
    val ls = lines(p)
    rewrite(p, ls.updated(n - 1, f(ls(n - 1))))
  }

  private def bytesOfLines(p: Path, n: Int): Long = lines(p).take(n).map(_.length + 1L).sum

  private val flow = ReportFlow.generate(41L, days = 3, steps = 40)
  private val second = flow.sessions(1).name

  /** A journal of the flow in `tmp/journal`, its one-pass store in `tmp/whole.db`. */
  private def journal(tmp: Path): Path = {
    ingestAll(tmp.resolve("whole.db"), writeJournal(tmp, flow, name = "whole"), Fee)
    writeJournal(tmp, flow)
  }

  /** Catches up with the journal in a store opened for it, and returns why it stopped. */
  private def failure(db: Path, dir: Path): IngestFailure =
    withStore(db, Some(Fee)) { store =>
      val ingest = run(Ingest(store, dir))
      run(ingest.catchUp)
      assertEquals(run(ingest.poll), 0, "a stopped ingest folds nothing more")
      ingest.failed.getOrElse(fail("ingest did not stop"))
    }

  /** After the line is put right, a resumed ingest ends where one pass over the right journal does. */
  private def resumesLikeOnePass(tmp: Path, db: Path, dir: Path): Unit = {
    ingestAll(db, dir, Fee)
    val expected = tables(tmp.resolve("whole.db"))
    val got = tables(db)
    for (t <- expected.keys) assertEquals(got(t), expected(t), s"table $t")
  }

  private def offset(db: Path, file: Path) =
    withStore(db, None)(s => run(s.offsets)).find(o => o.path == file.getFileName.toString)

  test("a malformed trade line: the failure names the file and the line, and what came before it is kept") {
    withTempDir { tmp =>
      val dir = journal(tmp)
      val trades = dir.resolve(second + ".trades.csv")
      val n = lines(trades).size / 2
      assert(n > 3)
      val original = lines(trades)(n - 1)
      editLine(trades, n)(_.replace(",", ";"))
      val db = tmp.resolve("r.db")
      failure(db, dir) match {
        case f @ IngestFailure.BadLine(file, line, _) =>
          assertEquals((file, line), (trades, n.toLong))
          assert(f.message.startsWith(s"$trades: line $n: "), f.message)
        case other => fail(s"unexpected $other")
      }
      // every trade line above the bad one is committed, and the first session is done
      assertEquals(
        offset(db, trades).map(o => (o.bytes, o.line, o.done)),
        Some((bytesOfLines(trades, n - 1), n - 1L, false))
      )
      assert(offset(db, dir.resolve(flow.sessions(0).name + ".quotes.csv")).exists(_.done))
      val closed = withStore(db, None)(s => run(s.lastClosedHour)).get
      val badTime = original.split(",")(1)
      assert(
        closed * ReportFlow.H < Timestamp.parse(badTime).get.epochNanos,
        s"hour $closed was closed without the trade at $badTime"
      )
      editLine(trades, n)(_ => original)
      resumesLikeOnePass(tmp, db, dir)
    }
  }

  test("a malformed quote line stops ingest there, and what came before it is kept") {
    withTempDir { tmp =>
      val dir = journal(tmp)
      val quotes = dir.resolve(second + ".quotes.csv")
      val n = lines(quotes).size / 2
      val original = lines(quotes)(n - 1)
      editLine(quotes, n)(_ + ",7")
      val db = tmp.resolve("r.db")
      val f = failure(db, dir)
      assert(f.message.startsWith(s"$quotes: line $n: "), f.message)
      assertEquals(
        offset(db, quotes).map(_.line),
        Some(n - 1L),
        "the quote lines above the bad one are committed"
      )
      editLine(quotes, n)(_ => original)
      resumesLikeOnePass(tmp, db, dir)
    }
  }

  test("a quote feed without its header is refused at line 1, and nothing is folded") {
    withTempDir { tmp =>
      val dir = journal(tmp)
      val quotes = dir.resolve(flow.sessions(0).name + ".quotes.csv")
      editLine(quotes, 1)(_ => "time,symbol,bid,ask")
      val db = tmp.resolve("r.db")
      failure(db, dir) match {
        case IngestFailure.BadLine(file, line, detail) =>
          assertEquals((file, line), (quotes, 1L))
          assert(detail.contains("time,symbol,bid,bid_size,ask,ask_size"), detail)
        case other => fail(s"unexpected $other")
      }
      assertEquals(withStore(db, None)(s => run(s.lastClosedHour)), None)
    }
  }

  test("a time going back, within a feed or from one session to the next, is refused at its line") {
    withTempDir { tmp =>
      val dir = journal(tmp)
      val trades = dir.resolve(second + ".trades.csv")
      val ls = lines(trades)
      // the first line that is later than the one before it gets a time just before that one's
      val n = (2 to ls.size).find(i => ls(i - 1).split(",")(1) != ls(i - 2).split(",")(1)).get
      val before = Timestamp.parse(ls(n - 2).split(",")(1)).get.epochNanos - 1
      val original = ls(n - 1)
      editLine(trades, n)(l =>
        l.split(",", -1).updated(1, Timestamp.fromEpochNanos(before).render).mkString(",")
      )
      val db = tmp.resolve("r.db")
      assertEquals(
        failure(db, dir),
        IngestFailure.BadLine(trades, n.toLong, "the time goes back, before the line above it")
      )
      editLine(trades, n)(_ => original)
      resumesLikeOnePass(tmp, db, dir)
    }
    withTempDir { tmp =>
      val dir = journal(tmp)
      // the third session's first trade, earlier than the second session's last line
      val third = dir.resolve(flow.sessions(2).name + ".trades.csv")
      val early = Timestamp.fromEpochNanos(flow.sessions(1).steps.last.time - 1).render
      editLine(third, 1)(l => l.split(",", -1).updated(1, early).mkString(","))
      failure(tmp.resolve("r.db"), dir) match {
        case IngestFailure.BadLine(file, line, _) => assertEquals((file, line), (third, 1L))
        case other => fail(s"unexpected $other")
      }
    }
  }

  test("a feed that shrank under ingest is refused, naming the file") {
    withTempDir { tmp =>
      val dir = writeJournal(tmp, flow, end = false)
      val last = flow.sessions.last.name
      val trades = dir.resolve(last + ".trades.csv")
      withStore(tmp.resolve("r.db"), Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        assertEquals(ingest.failed, None)
        assert(run(store.offsets).exists(o => o.path == trades.getFileName.toString && o.bytes > 0))
        rewrite(trades, lines(trades).take(1))
        run(ingest.poll)
        ingest.failed match {
          case Some(IngestFailure.BadFile(file, detail)) =>
            assertEquals(file, trades)
            assert(detail.contains("shorter"), detail)
          case other => fail(s"unexpected $other")
        }
      }
    }
  }

  test("a finished session whose last line has no newline is refused; a live one waits for it") {
    withTempDir { tmp =>
      val dir = writeJournal(tmp, flow, end = false)
      val last = flow.sessions.last.name
      val quotes = dir.resolve(last + ".quotes.csv")
      val bytes = Files.readAllBytes(quotes)
      Files.write(quotes, bytes.dropRight(1))
      val n = lines(quotes).size + 1 // the line without its newline
      val db = tmp.resolve("r.db")
      withStore(db, Some(Fee)) { store =>
        val ingest = run(Ingest(store, dir))
        run(ingest.catchUp)
        assertEquals(ingest.failed, None, "a live session's partial line waits")
        Files.createFile(dir.resolve(last + ".end"))
        run(ingest.catchUp)
        ingest.failed match {
          case Some(IngestFailure.BadLine(file, line, detail)) =>
            assertEquals((file, line), (quotes, n.toLong))
            assert(detail.contains("newline"), detail)
          case other => fail(s"unexpected $other")
        }
      }
    }
  }

  test("a store built with one fee refuses another, and keeps its own when none is asked for") {
    withTempDir { tmp =>
      val db = tmp.resolve("r.db")
      withStore(db, Some(new JBig("0.01")))(s => assertEquals(s.feePerShare, new JBig("0.01")))
      val refused = intercept[ReportStore.Refused](withStore(db, Some(new JBig("0.02")))(_ => ()))
      assert(refused.detail.contains("0.01") && refused.detail.contains("0.02"), refused.detail)
      withStore(db, None)(s => assertEquals(s.feePerShare.compareTo(new JBig("0.01")), 0))
      withStore(db, Some(new JBig("0.0100")))(s => assertEquals(s.feePerShare.compareTo(new JBig("0.01")), 0))
    }
  }

  test("a file that is not a SQLite database, or a database that is not a report store, is refused") {
    withTempDir { tmp =>
      val text = tmp.resolve("notes.db")
      Files.write(text, ("these are not the figures you are looking for\n" * 200).getBytes(US_ASCII))
      intercept[ReportStore.Refused](withStore(text, None)(_ => ()))
      val other = tmp.resolve("other.db")
      val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other.toAbsolutePath)
      try {
        c.createStatement().execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        c.createStatement().execute("INSERT INTO meta VALUES ('kind', 'some other tool')")
      } finally c.close()
      val refused = intercept[ReportStore.Refused](withStore(other, None)(_ => ()))
      assert(refused.detail.contains("some other tool"), refused.detail)
    }
  }
}
