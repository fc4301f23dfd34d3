package mvt.reporting

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import mvt.reporting.journal.Ingest
import mvt.reporting.store.ReportStore

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** Temp dirs, a store opened and closed around a block, a journal ingested, and a store's tables as text. */
trait StoreFixtures { this: munit.FunSuite =>

  def run[A](io: IO[A]): A = io.unsafeRunSync()

  /** A fresh temp dir for `f`, removed with all it holds afterwards. */
  def withTempDir[A](f: Path => A): A = mvt.core.TempDir("mvt-reporting-test")(f)

  /** The store in `db` (created if new, with `fee`), open for `f` and closed after. */
  def withStore[A](db: Path, fee: Option[java.math.BigDecimal])(f: ReportStore => A): A = {
    val (store, release) = run(ReportStore.open(db, fee).allocated)
    try f(store)
    finally run(release)
  }

  /** A new folder `name` in `tmp` holding `flow`'s feeds, its last session ended unless `end` is false. */
  def writeJournal(tmp: Path, flow: ReportFlow.Flow, end: Boolean = true, name: String = "journal"): Path = {
    val dir = Files.createDirectory(tmp.resolve(name))
    ReportFlow.writeAll(dir, flow, end)
    dir
  }

  /**
   * Opens the store, catches up with the journal in `dir` (reading about `chunkBytes` of a feed per poll) and
   * closes it; fails the test on a refused line.
   */
  def ingestAll(db: Path, dir: Path, fee: java.math.BigDecimal, chunkBytes: Int = Ingest.ChunkBytes): Unit =
    withStore(db, Some(fee)) { store =>
      val ingest = run(Ingest(store, dir, chunkBytes))
      run(ingest.catchUp)
      assert(ingest.failed.isEmpty, s"ingest failed: ${ingest.failed.map(_.message)}")
    }

  /**
   * Every table of a closed store as sorted lines of text (blobs in hex, feed paths as file names), so two
   * stores built from journals in different directories compare equal when their contents are.
   */
  def tables(db: Path): Map[String, Vector[String]] = {
    val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath.toString)
    try {
      def rows(sql: String): Vector[String] = {
        val rs = c.createStatement().executeQuery(sql)
        val n = rs.getMetaData.getColumnCount
        val out = Vector.newBuilder[String]
        while (rs.next())
          out += (1 to n).map { i =>
            rs.getObject(i) match {
              case b: Array[Byte] => b.map("%02x".format(_)).mkString
              case null => "null"
              case v => v.toString
            }
          }.mkString("|")
        rs.close()
        out.result()
      }
      Map(
        "hourly" -> rows("SELECT * FROM hourly ORDER BY account, symbol, hour"),
        "lots" -> rows("SELECT * FROM lots ORDER BY account, symbol"),
        "marks" -> rows("SELECT * FROM marks ORDER BY symbol"),
        "meta" -> rows("SELECT * FROM meta ORDER BY key"),
        "feeds" -> rows("SELECT path, bytes, line, done FROM feeds ORDER BY path").map { r =>
          val p = r.takeWhile(_ != '|')
          Path.of(p).getFileName.toString + r.drop(p.length)
        }.sorted
      )
    } finally c.close()
  }

  /** The journal's feeds as `mvt report` reads them: every session's lines, parsed, in session order. */
  def readFeeds(dir: Path, flow: ReportFlow.Flow): (Vector[FeedLine.Trade], Vector[FeedLine.Quote]) = {
    def lines(p: Path) = Files.readAllLines(p).asScala.toVector.zipWithIndex
    val trades = flow.sessions.flatMap { s =>
      lines(dir.resolve(s.name + ".trades.csv")).map((l, i) =>
        FeedLine.trade(i + 1L, l).fold(e => sys.error(e.detail), identity)
      )
    }
    val quotes = flow.sessions.flatMap { s =>
      lines(dir.resolve(s.name + ".quotes.csv")).drop(1).map((l, i) =>
        FeedLine.quote(i + 1L, l).fold(e => sys.error(e.detail), identity)
      )
    }
    (trades, quotes)
  }
}
