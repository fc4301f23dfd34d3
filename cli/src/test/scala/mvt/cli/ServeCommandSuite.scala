package mvt.cli

import mvt.core.files.FileTree
import java.net.URI
import java.net.http.{HttpClient, HttpRequest, HttpResponse}
import java.nio.file.{Files, Path}
import java.sql.DriverManager
import scala.jdk.CollectionConverters.*

/**
 * `mvt serve` as a user runs it: feeds made by `mvt generate` and `mvt match`, ingested by real processes,
 * one of them killed with SIGKILL in the middle of ingest; the store must then hold exactly what one
 * uninterrupted pass gives.
 */
class ServeCommandSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(240, "s")

  private def tempDir(): Path = Files.createTempDirectory("mvt-serve")

  /** A journal of `days` sessions, made as a user makes one. */
  private def journal(dir: Path, days: Int, commands: Int): Path = {
    val logs = dir.resolve("days")
    val j = dir.resolve("journal")
    Files.createDirectories(j)
    CliRun.generate(logs, days, accounts = 30, commands)
    Files.list(logs).iterator.asScala.toVector.sorted.foreach { log =>
      val name = log.getFileName.toString.stripSuffix(".mvtc")
      val m = CliRun(
        "match",
        "--in",
        log.toString,
        "--out",
        dir.resolve("events.csv").toString,
        "--trades",
        j.resolve(s"$name.trades.csv").toString,
        "--quotes",
        j.resolve(s"$name.quotes.csv").toString
      )()
      assertEquals(m.status, 0, m.err)
    }
    j
  }

  /** Every table of a store, as sorted text rows, for comparing two stores. */
  private def contents(db: Path): Map[String, Vector[String]] = {
    val c = DriverManager.getConnection("jdbc:sqlite:" + db)
    try
      Vector("hourly", "mark_hours", "lots", "marks", "feeds", "meta").map { t =>
        val rs = c.createStatement().executeQuery(s"SELECT * FROM $t")
        val n = rs.getMetaData.getColumnCount
        val rows = Iterator.continually(rs.next()).takeWhile(identity).map { _ =>
          (1 to n).map(i =>
            rs.getObject(i) match {
              case b: Array[Byte] => b.map("%02x".format(_)).mkString
              case o => String.valueOf(o)
            }
          ).mkString("|")
        }.toVector
        t -> rows.sorted
      }.toMap
    finally c.close()
  }

  private def committed(db: Path): (Int, Int) =
    if (!Files.exists(db)) (0, 0)
    else
      try {
        val c = DriverManager.getConnection("jdbc:sqlite:" + db)
        try {
          val rs = c.createStatement().executeQuery("SELECT count(*), coalesce(sum(done), 0) FROM feeds")
          (rs.getInt(1), rs.getInt(2))
        } finally c.close()
      } catch { case _: java.sql.SQLException => (0, 0) } // not created yet

  private def waitFor(what: String, seconds: Int)(cond: => Boolean): Unit = {
    val end = System.nanoTime + seconds * 1000000000L
    while (!cond) {
      if (System.nanoTime > end) fail(s"gave up waiting for $what")
      Thread.sleep(20)
    }
  }

  test("a kill -9 in the middle of ingest loses nothing and counts nothing twice") {
    val dir = tempDir()
    try {
      val j = journal(dir, days = 3, commands = 60000)
      val once = CliRun("serve", "--once", "--journal", j.toString, "--db", dir.resolve("one.db").toString)()
      assertEquals(once.status, 0, once.err)

      val db = dir.resolve("killed.db")
      // small transactions, so the kill lands between two of many commits
      val run = ForkedMvt.start(
        dir,
        None,
        "serve",
        "--once",
        "--batch-bytes",
        "3000",
        "--journal",
        j.toString,
        "--db",
        db.toString
      )
      // some feeds committed, but not all finished: the middle of ingest
      waitFor("ingest to have committed part of the journal", 120) {
        val (feeds, done) = committed(db)
        feeds > 0 && done >= 2 || !run.process.isAlive
      }
      assert(run.process.isAlive, s"ingest finished before it could be killed: ${run.stderr}")
      run.process.destroyForcibly() // SIGKILL
      assert(run.await(60).isDefined)
      val (_, doneAtKill) = committed(db)
      assert(doneAtKill < 6, "the kill came after ingest had finished every session")

      val resumed = CliRun("serve", "--once", "--journal", j.toString, "--db", db.toString)()
      assertEquals(resumed.status, 0, resumed.err)
      val (got, want) = (contents(db), contents(dir.resolve("one.db")))
      for (table <- want.keys) {
        val (g, w) = (got(table), want(table))
        assertEquals(g.diff(w).take(3) ++ w.diff(g).take(3), Vector.empty, s"table $table")
      }
    } finally FileTree.delete(dir)
  }

  test("serve follows a journal as it grows, answers over HTTP, and stops on SIGTERM with 143") {
    val dir = tempDir()
    try {
      val all = journal(dir, days = 2, commands = 20000)
      val j = dir.resolve("live")
      Files.createDirectories(j)
      val first = Files.list(all).iterator.asScala.map(_.getFileName.toString).toVector.sorted
      val (day1, day2) = first.partition(_.startsWith("2026-03-02"))
      day1.foreach(f => Files.copy(all.resolve(f), j.resolve(f)))
      val db = dir.resolve("live.db")
      // every route needs a signed-in user: a staff user with an API token, made as an operator makes them
      val token = CliRun.staffToken(j, db)
      val run =
        ForkedMvt.start(dir, None, "serve", "--port", "0", "--journal", j.toString, "--db", db.toString)
      try {
        val Address = """.*the portal is at (http://[^ ]+/) .*""".r
        var base = ""
        waitFor("the portal's address on stderr", 120) {
          run.stderr.linesIterator.collectFirst { case Address(u) => u }.foreach(base = _)
          base.nonEmpty || !run.process.isAlive
        }
        assert(base.nonEmpty, run.stderr)
        val http = HttpClient.newHttpClient()
        def get(path: String): (Int, String) = {
          val r = http.send(
            HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", s"Bearer $token").build(),
            HttpResponse.BodyHandlers.ofString()
          )
          (r.statusCode, r.body)
        }
        // the first day is the last session so far: its hours close as lines pass them, not at its end
        waitFor("the first day's hours", 120)(
          get("api/status")._2.contains("\"lastClosedHour\":\"2026-03-02T")
        )
        // the second day arrives: the first is now finished and the second followed
        // the session counts once both of its files exist; a partial copy waits for its newlines
        day2.sorted.foreach(f => Files.copy(all.resolve(f), j.resolve(f)))
        waitFor("the second day's hours", 120)(
          get("api/status")._2.contains("\"lastClosedHour\":\"2026-03-03T")
        )
        val (code, body) = get("api/accounts/1/performance")
        assertEquals(code, 200, body)
        assert(body.contains("\"symbols\""), body)
        val (bad, err) = get("api/accounts/1/performance?at=yesterday")
        assertEquals(bad, 400)
        assert(err.contains("\"error\""), err)
        // and nothing without the token
        val anonymous = http.send(
          HttpRequest.newBuilder(URI.create(base + "api/accounts/1/performance")).build(),
          HttpResponse.BodyHandlers.ofString()
        )
        assertEquals(anonymous.statusCode, 401)
      } finally {
        run.process.toHandle.destroy() // SIGTERM
        assertEquals(run.await(60), Some(143), run.stderr)
      }
    } finally FileTree.delete(dir)
  }

  test("a malformed feed line stops ingest with its file and line, status 2, keeping what came before") {
    val dir = tempDir()
    try {
      val j = dir.resolve("j")
      Files.createDirectories(j)
      Files.writeString(
        j.resolve("d1.trades.csv"),
        "trade,2026-03-02T14:30:00Z,AAPL,100,10,1,7,2,8,buy\ntrade,2026-03-02T15:30:00Z,AAPL,101,ten,3,7,4,8,buy\n"
      )
      Files.writeString(
        j.resolve("d1.quotes.csv"),
        "time,symbol,bid,bid_size,ask,ask_size\n2026-03-02T14:30:00Z,AAPL,99,5,101,5\n2026-03-02T15:30:00Z,AAPL,99,5,102,5\n"
      )
      Files.writeString(j.resolve("d1.end"), "")
      val db = dir.resolve("s.db")
      val r = CliRun("serve", "--once", "--journal", j.toString, "--db", db.toString)()
      assertEquals(r.status, 2, r.err)
      assert(r.err.startsWith(s"mvt serve: ${j.resolve("d1.trades.csv")}: line 2: "), r.err)
      assert(!r.err.contains("Exception"), r.err)
      // the first trade and the quotes before the bad line are in
      assertEquals(contents(db)("feeds").find(_.startsWith("d1.trades.csv")).map(_.split('|')(2)), Some("1"))
    } finally FileTree.delete(dir)
  }

  test("usage and store errors are status 1 with one line") {
    val dir = tempDir()
    try {
      val missing =
        CliRun("serve", "--journal", dir.resolve("nope").toString, "--db", dir.resolve("x.db").toString)()
      assertEquals(missing.status, 1)
      assert(missing.err.contains("no such directory"), missing.err)

      val j = dir.resolve("j")
      Files.createDirectories(j)
      val db = dir.resolve("fee.db").toString
      assertEquals(
        CliRun("serve", "--once", "--journal", j.toString, "--db", db, "--fee-per-share", "0.01")().status,
        0
      )
      val other = CliRun("serve", "--once", "--journal", j.toString, "--db", db, "--fee-per-share", "0.02")()
      assertEquals(other.status, 1)
      assert(other.err.contains("--fee-per-share 0.01, not 0.02"), other.err)

      val notDb = dir.resolve("text.db")
      Files.writeString(
        notDb,
        "this is not a database, just some text that is long enough to be read as a header\n"
      )
      val r = CliRun("serve", "--once", "--journal", j.toString, "--db", notDb.toString)()
      assertEquals(r.status, 1, r.err)
      assertEquals(r.err.linesIterator.size, 1, r.err)

      val port = CliRun("serve", "--journal", j.toString, "--db", db, "--port", "70000")()
      assertEquals(port.status, 1)
      val threads = CliRun("serve", "--journal", j.toString, "--db", db, "--http-threads", "-1")()
      assertEquals(threads.status, 1)
      assert(threads.err.contains("--http-threads"), threads.err)
    } finally FileTree.delete(dir)
  }
}
