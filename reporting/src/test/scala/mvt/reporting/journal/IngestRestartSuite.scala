package mvt.reporting.journal

import mvt.reporting.ReportModel.text
import mvt.reporting.{ReportFlow, StoreFixtures}
import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal as JBig
import java.nio.file.{Files, Path}

/**
 * Ingest stopped and resumed: a journal written in chunks, each chunk caught up by a store opened afresh and
 * closed after, ends in the same store as one pass over the whole journal. Cuts fall inside lines (a partial
 * line waits for its newline), between commands and between sessions.
 */
class IngestRestartSuite extends munit.ScalaCheckSuite with StoreFixtures {

  override def scalaCheckTestParameters =
    super.scalaCheckTestParameters.withMinSuccessfulTests(6)

  private val Fee = new JBig("0.002")

  /** What a store answers: every account's performance at a few hours, and its series. */
  private def answers(db: Path, hours: Seq[Long]): Vector[String] =
    withStore(db, None) { store =>
      ReportFlow.Accounts.toVector.flatMap { a =>
        hours.flatMap(h => run(store.performance(a, h)).map(p => s"$a@$h: $p")) ++
          run(store.series(a, None, hours.min, hours.max)).map((h, v) => s"$a series $h ${text(v)}")
      }
    }

  // every committed offset ends a whole line of its file, and counts the lines before it
  private def checkOffsets(db: Path, dir: Path): Unit =
    withStore(db, None) { store =>
      for (o <- run(store.offsets)) {
        val bytes = Files.readAllBytes(dir.resolve(o.path))
        assert(o.bytes <= bytes.length, o)
        val folded = bytes.take(o.bytes.toInt)
        assert(folded.isEmpty || folded.last == '\n', s"$o does not end a line")
        assertEquals(folded.count(_ == '\n').toLong, o.line, o)
        // offsets are kept by file name, so the journal may move
        assertEquals(Path.of(o.path).getParent, null)
      }
    }

  private def compare(
      seed: Long,
      cutsOf: Vector[ReportFlow.Write] => Vector[Long],
      chunkBytes: Int = Ingest.ChunkBytes
  ): Unit =
    withTempDir { tmp =>
      val flow = ReportFlow.generate(seed, days = 3, steps = 24)
      val writes = ReportFlow.writes(flow, end = true)
      val total = ReportFlow.starts(writes).last
      val cuts = cutsOf(writes).filter(c => c > 0 && c <= total).distinct.sorted
      val whole = Files.createDirectory(tmp.resolve("whole"))
      ReportFlow.apply(whole, writes, 0L, total + 1)
      ingestAll(tmp.resolve("whole.db"), whole, Fee)
      val chunked = Files.createDirectory(tmp.resolve("chunked"))
      val db = tmp.resolve("chunked.db")
      var from = 0L
      for (to <- cuts :+ (total + 1)) {
        ReportFlow.apply(chunked, writes, from, to)
        ingestAll(db, chunked, Fee, chunkBytes)
        checkOffsets(db, chunked)
        from = to
      }
      val expected = tables(tmp.resolve("whole.db"))
      val got = tables(db)
      for (t <- expected.keys) assertEquals(got(t), expected(t), s"seed $seed, cuts $cuts: table $t")
      assert(expected("hourly").size > 5, expected("hourly").size) // rows only where a key filled in an hour
      val last = flow.lastTime / ReportFlow.H
      val hours = Vector(last - 30, last - 7, last - 1, last)
      assertEquals(answers(db, hours), answers(tmp.resolve("whole.db"), hours), s"seed $seed, cuts $cuts")
    }

  // cuts by kind: 0 inside a line, 1 at a session's start (its trades file created or not yet), 2 anywhere
  private def cut(writes: Vector[ReportFlow.Write], kind: Int, at: Double): Long = {
    val starts = ReportFlow.starts(writes)
    def nth[A](v: Vector[A]): A = v((at * v.size).toInt.min(v.size - 1))
    kind match {
      case 0 =>
        val i = nth(writes.indices.filter(writes(_).bytes.length > 1).toVector)
        starts(i) + 1 + ((at * 7919).toLong % (writes(i).bytes.length - 1))
      case 1 =>
        val i = nth(writes.indices.filter(i =>
          writes(i).file.endsWith(".trades.csv") && writes(i).bytes.isEmpty
        ).toVector)
        // before the new session's files, or after its quotes header
        if ((at * 1000).toInt % 2 == 0) starts(i) else starts(i + 2)
      case _ => (at * starts.last).toLong
    }
  }

  test("cuts inside a trade line, inside a quote line and between sessions") {
    compare(
      21L,
      w => {
        val starts = ReportFlow.starts(w)
        val t = w.indices.find(i => w(i).file.endsWith(".trades.csv") && w(i).bytes.length > 10).get
        val q = w.indices.find(i => i > t + 20 && w(i).file.endsWith(".quotes.csv")).get
        val s = w.indices.filter(i => w(i).file.endsWith(".trades.csv") && w(i).bytes.isEmpty)
        Vector(starts(t) + 5, starts(q) + 3) ++ s.map(starts(_)) ++ s.map(i => starts(i + 2))
      }
    )
  }

  test("a cut after the last line, before the end marker: the session is caught up, then finished") {
    compare(22L, w => Vector(ReportFlow.starts(w).last))
    compare(23L, w => Vector(ReportFlow.starts(w)(w.size - 2) + 1))
  }

  property("a journal ingested in chunks, the store reopened for each, equals one pass") {
    val cuts = Gen.listOfN(3, Gen.zip(Gen.choose(0, 2), Gen.choose(0.0, 1.0))).map(_.take(1 + 2))
    // small reads make a poll stop inside a feed
    val chunks = Gen.oneOf(700, 5000, Ingest.ChunkBytes)
    Prop.forAllNoShrink(Gen.choose(1L, 1000000L), Gen.choose(1, 3), cuts, chunks) {
      (seed, n, cs, chunkBytes) =>
        compare(seed, w => cs.take(n).map((k, at) => cut(w, k, at)).toVector, chunkBytes)
        true
    }
  }
}
