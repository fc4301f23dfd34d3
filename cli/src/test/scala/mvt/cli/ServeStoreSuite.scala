package mvt.cli

import java.net.URI
import java.net.http.{HttpClient, HttpRequest, HttpResponse}
import java.nio.file.{Files as JFiles, Path, StandardOpenOption}

/** `mvt serve --db` never takes a file of the journal, nor a database that is not a store, and says why. */
class ServeStoreSuite extends munit.FunSuite {

  // a forked mvt serve that starts, ingests and retries for real: generous on a busy machine
  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(4, "min")

  private val tmp = mvt.core.TempDir.fixture(this, "mvt-serve-store")

  private def journal(dir: Path): Path = {
    val j = JFiles.createDirectory(dir.resolve("journal"))
    JFiles.writeString(j.resolve("2026-03-02.trades.csv"), "")
    JFiles.writeString(j.resolve("2026-03-02.quotes.csv"), "time,symbol,bid,bid_size,ask,ask_size\n")
    j
  }

  tmp.test("a feed file, an end marker or a name of the journal's kind is refused as the store, untouched") {
    dir =>
      val j = journal(dir)
      val link = dir.resolve("link.db")
      JFiles.createSymbolicLink(link, j.resolve("2026-03-02.trades.csv"))
      for (
        db <- List(
          j.resolve("2026-03-02.trades.csv"),
          j.resolve("2026-03-02.quotes.csv"),
          j.resolve("2026-03-03.trades.csv"),
          j.resolve("2026-03-02.end"),
          link
        )
      ) {
        val before = if (JFiles.exists(db)) Some(JFiles.readAllBytes(db).toVector) else None
        val r = CliRun("serve", "--once", "--journal", j.toString, "--db", db.toString)()
        assertEquals(r.status, 1, s"$db: ${r.err}")
        assert(r.err.startsWith(s"mvt serve: $db: refusing it as the store: "), r.err)
        assertEquals(
          if (JFiles.exists(db)) Some(JFiles.readAllBytes(db).toVector) else None,
          before,
          db.toString
        )
      }
      val ok = CliRun("serve", "--once", "--journal", j.toString, "--db", j.resolve("reports.db").toString)()
      assertEquals(ok.status, 0, ok.err)
  }

  tmp.test("a database of another program is refused before anything is written to it") { dir =>
    val j = journal(dir)
    val db = dir.resolve("app.db")
    val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
    try c.createStatement().execute("CREATE TABLE hourly(x INTEGER)")
    finally c.close()
    val before = JFiles.readAllBytes(db).toVector
    val r = CliRun("serve", "--once", "--journal", j.toString, "--db", db.toString)()
    assertEquals(r.status, 1, r.err)
    assert(r.err.startsWith(s"mvt serve: $db: not an mvt report store"), r.err)
    assertEquals(JFiles.readAllBytes(db).toVector, before)
    assertEquals(JFiles.list(dir).count(), 2L, "no -wal or -shm beside it")
  }

  tmp.test("--fee-per-share beyond what money holds is a usage error at once") { dir =>
    val j = journal(dir)
    val r = CliRun(
      "serve",
      "--once",
      "--journal",
      j.toString,
      "--db",
      dir.resolve("r.db").toString,
      "--fee-per-share",
      "1e999999999"
    )()
    assertEquals(r.status, 1, r.err)
    assert(r.err.startsWith("mvt: --fee-per-share: expected a decimal from 0 to 1000000"), r.err)
  }

  tmp.test(
    "live ingest that cannot commit says retrying on /api/status and stderr, then stops on bad data, said once"
  ) {
    dir =>
      val j = JFiles.createDirectory(dir.resolve("journal"))
      val trades = j.resolve("2026-03-02.trades.csv")
      val quotes = j.resolve("2026-03-02.quotes.csv")
      def append(p: Path, s: String): Unit = {
        val _ = JFiles.writeString(p, s, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
      }
      append(trades, "trade,2026-03-02T14:30:01Z,ACME,10.5,100,1,5,2,6,BUY\n")
      append(quotes, "time,symbol,bid,bid_size,ask,ask_size\n2026-03-02T14:30:01Z,ACME,10.4,100,10.6,200\n")
      val db = dir.resolve("live.db")
      // /api/status is for staff: the store made first (from an empty journal, so the live run folds every line),
      // then a staff user with an API token, as an operator makes them
      val empty = JFiles.createDirectory(dir.resolve("empty"))
      val token = CliRun.staffToken(empty, db)
      val run =
        ForkedMvt.start(dir, None, "serve", "--port", "0", "--journal", j.toString, "--db", db.toString)
      def waitFor(what: String)(cond: => Boolean): Unit = {
        val deadline = System.nanoTime() + 120L * 1000000000L
        while (!cond && run.process.isAlive && System.nanoTime() < deadline) Thread.sleep(100)
        assert(cond, s"never: $what; stderr: ${run.stderr}")
      }
      try {
        val Address = """.*the portal is at (http://[^ ]+/) .*""".r
        var base = ""
        waitFor("the portal's address")(
          { run.stderr.linesIterator.collectFirst { case Address(u) => u }.foreach(base = _); base.nonEmpty }
        )
        val http = HttpClient.newHttpClient()
        def status(): String =
          http.send(
            HttpRequest.newBuilder(URI.create(base + "api/status")).header("Authorization", s"Bearer $token")
              .build(),
            HttpResponse.BodyHandlers.ofString()
          )
            .body
        waitFor("the first lines committed")(status().contains("\"lines\":2"))
        val lock = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
        try {
          lock.createStatement().execute("BEGIN EXCLUSIVE")
          append(quotes, "2026-03-02T15:30:00Z,ACME,10.4,100,10.6,200\n")
          waitFor("retrying on the status")(status().contains("\"ingest\":\"retrying\""))
          assert(status().contains("cannot commit to the store: "), status())
          waitFor("retrying on stderr")(run.stderr.contains("mvt serve: cannot commit to the store: "))
          lock.createStatement().execute("COMMIT")
        } finally lock.close()
        waitFor("following again")(status().contains("\"ingest\":\"following\""))
        // a trade behind the quote line just folded
        append(trades, "trade,2026-03-02T15:00:00Z,ACME,10.5,100,3,5,4,6,BUY\n")
        waitFor("stopped on the status")(status().contains("\"ingest\":\"stopped\""))
        assert(status().contains(s"$trades: line 2: the trade is at 2026-03-02T15:00:00Z"), status())
        waitFor("said on stderr")(run.stderr.contains(s"mvt serve: $trades: line 2: "))
        val err = run.stderr
        assertEquals(err.linesIterator.count(_.contains("line 2:")), 1, err)
        assertEquals(err.linesIterator.count(_.contains("retrying until it succeeds")), 1, err)
        assert(!err.contains("Exception") && !err.contains("\tat "), err)
      } finally {
        run.process.toHandle.destroy()
        val _ = run.await(60)
      }
  }
}
