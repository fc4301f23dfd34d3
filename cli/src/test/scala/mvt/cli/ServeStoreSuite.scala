package mvt.cli

import java.nio.file.{Files as JFiles, Path}

/** `mvt serve --db` never takes a file of the journal, nor a database that is not a store, and says why. */
class ServeStoreSuite extends munit.FunSuite {

  private val tmp = FunFixture[Path](
    setup = _ => JFiles.createTempDirectory("mvt-serve-store"),
    teardown = dir => { val _ = new ProcessBuilder("rm", "-rf", dir.toString).start().waitFor() }
  )

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
}
