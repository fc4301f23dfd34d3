package mvt.cli

import mvt.core.TempDir
import java.nio.file.{Files, Path}

/** `mvt venue` and `mvt venue status` end to end in-process: a replayed day, its files, and bad input. */
class VenueCommandSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  private val Day =
    """time,2026-01-05T14:30:00Z
      |add,ACME,1,BUY,10.00,100,7
      |add,ACME,2,SELL,10.00,40,8
      |time,2026-01-05T14:30:01Z
      |add,ZED,3,SELL,11,5
      |cancel,ACME,1
      |""".stripMargin

  private def withDir[A](f: Path => A): A = TempDir("mvt-venue-cli")(f)

  // the venue replaying `day` into the journal directory `j`, and what `mvt venue status` says of `j`
  private def replay(j: Path, day: Path): CliRun.Result =
    CliRun("venue", "--dir", j.toString, "--replay", day.toString)()
  private def journalStatus(j: Path): CliRun.Result = CliRun("venue", "status", "--dir", j.toString)()

  test(
    "a replayed day closes with its journal, feeds and DAY.end; mvt match reads the journal; status says so"
  ) {
    withDir { d =>
      val day = d.resolve("day.csv")
      Files.writeString(day, Day)
      val j = d.resolve("j")
      val r = replay(j, day)
      assertEquals(r.status, 0, r.err)
      assert(r.err.contains("session closed after 4 commands"), r.err)
      for (f <- List("2026-01-05.mvtc", "2026-01-05.trades.csv", "2026-01-05.quotes.csv", "2026-01-05.end"))
        assert(Files.exists(j.resolve(f)), f)
      val trades = d.resolve("t.csv")
      val m = CliRun(
        "match",
        "--in",
        j.resolve("2026-01-05.mvtc").toString,
        "--out",
        d.resolve("e.csv").toString,
        "--trades",
        trades.toString
      )()
      assertEquals(m.status, 0, m.err)
      assertEquals(Files.readString(trades), Files.readString(j.resolve("2026-01-05.trades.csv")))
      assertEquals(Files.readString(trades), "trade,2026-01-05T14:30:00Z,ACME,10,40,1,7,2,8,SELL\n")
      val s = journalStatus(j)
      assertEquals(s.status, 0, s.err)
      assert(s.out.contains("2026-01-05: closed: 4 commands"), s.out)
      val again = replay(j, day)
      assertEquals(again.status, 0, again.err)
      assert(again.err.contains("is closed"), again.err)
    }
  }

  test(
    "bad input: a symbols file, a damaged journal (status 2, its offset), an unknown durability (status 1)"
  ) {
    withDir { d =>
      val symbols = d.resolve("symbols.txt")
      Files.writeString(symbols, "ACME\nno good\n")
      val r = CliRun("venue", "--dir", d.resolve("j").toString, "--symbols", symbols.toString)()
      assertEquals(r.status, 2, r.err)
      assert(r.err.contains("symbols.txt: line 2: field 1 (symbol)"), r.err)
      val day = d.resolve("day.csv")
      Files.writeString(day, Day)
      val j = d.resolve("k")
      assertEquals(replay(j, day).status, 0)
      // an open journal whose second record is damaged: drop the trailer, break the record kind
      val journal = j.resolve("2026-01-05.mvtc")
      val bytes = Files.readAllBytes(journal)
      val open = java.util.Arrays.copyOf(bytes, bytes.length - 32)
      open(12 + 32) = 0x55
      Files.write(journal, open)
      Files.delete(j.resolve("2026-01-05.end"))
      val damaged = replay(j, day)
      assertEquals(damaged.status, 2, damaged.err)
      assert(damaged.err.contains("byte offset 44"), damaged.err)
      assert(java.util.Arrays.equals(Files.readAllBytes(journal), open), "the damaged journal was changed")
      val s = journalStatus(j)
      assertEquals(s.status, 2, s.out)
      assert(s.out.contains("DAMAGED at byte offset 44"), s.out)
      val u =
        CliRun("venue", "--dir", j.toString, "--symbols", symbols.toString, "--durability", "sometimes")()
      assertEquals(u.status, 1, u.err)
      assert(u.err.contains("--durability: expected group|each|none"), u.err)
    }
  }

  test(
    "SIGTERM stops a forked venue cleanly: status 0, every taken command committed, the session left open"
  ) {
    withDir { d =>
      // a recorded day an hour long, played at its own pace: it is still running when the signal comes
      val day = d.resolve("day.csv")
      Files.writeString(
        day,
        "time,2026-01-05T14:30:00Z\nadd,ACME,1,BUY,10,5\ntime,2026-01-05T15:30:00Z\nadd,ACME,2,SELL,10,5\n"
      )
      val j = d.resolve("j")
      val run =
        ForkedMvt.start(d, None, "venue", "--dir", j.toString, "--replay", day.toString, "--speed", "1")
      val deadline = System.nanoTime() + 180L * 1000000000L
      while (!run.stderr.contains("replaying") && run.process.isAlive && System.nanoTime() < deadline)
        Thread.sleep(20)
      assert(run.stderr.contains("replaying"), run.stderr)
      // the first command is journaled before the signal: wait for its records (symbol, time, add)
      val journal = j.resolve("2026-01-05.mvtc")
      while (Files.size(journal) < 12 + 3 * 32 && System.nanoTime() < deadline) Thread.sleep(20)
      assertEquals(new ProcessBuilder("kill", "-TERM", run.process.pid.toString).start().waitFor(), 0)
      val status = run.await(120)
      if (status.isEmpty) run.process.destroyForcibly()
      assertEquals(status, Some(0), run.stderr)
      assert(run.stderr.contains("stopped; the session stays open after 1 commands"), run.stderr)
      assert(!Files.exists(j.resolve("2026-01-05.end")))
      val s = journalStatus(j)
      assert(s.out.contains("2026-01-05: open: 1 commands"), s.out)
    }
  }
}
