package mvt.portal

import cats.effect.{ExitCode, IO, Ref}
import cats.effect.unsafe.implicits.global

import java.nio.file.{Files, Path}

/** `mvt serve`'s run from settings to status: exposure refusals, a journal ingested once, bad data named. */
class PortalServiceSuite extends munit.FunSuite {

  private def settings(journal: Path, db: Path) =
    PortalService.Settings(journal, db, "127.0.0.1", 0, None, true, 1 << 20, 0, None, None, false, 30, 12)

  // the status and the lines said, in order
  private def run(s: PortalService.Settings): (ExitCode, Vector[String]) =
    (for {
      said <- Ref.of[IO, Vector[String]](Vector.empty)
      code <- PortalService.run(s, l => said.update(_ :+ l))
      lines <- said.get
    } yield (code, lines)).unsafeRunSync()

  test("who may reach the portal is settled before anything is opened") {
    JournalFixture.tempDir("mvt-service").use { dir =>
      IO.blocking {
        val db = dir.resolve("s.db")
        val s = settings(dir, db).copy(once = false)
        val (open, why) = run(s.copy(host = "0.0.0.0"))
        assertEquals(open, ExitCode(1))
        assert(why.head.startsWith("mvt serve: --host 0.0.0.0 is not loopback"), why)
        assertEquals(
          run(s.copy(tlsKeystore = Some(dir.resolve("k.p12"))))._2,
          Vector("mvt serve: --tls-keystore needs --tls-password-file (the password is never an argument)")
        )
        assertEquals(run(s.copy(journal = dir.resolve("nope")))._1, ExitCode(1))
        assert(!Files.exists(db), "nothing opened")
        assert(PortalService.loopback("::1") && PortalService.loopback("localhost"))
        assert(!PortalService.loopback("example.org") && !PortalService.loopback("10.0.0.1"))
      }
    }.unsafeRunSync()
  }

  test("once: a whole journal ingested says the hour it reaches; a bad line is its file and line, status 2") {
    JournalFixture.tempDir("mvt-service").use { dir =>
      IO.blocking {
        val good = Files.createDirectories(dir.resolve("good"))
        JournalFixture.write(good, JournalFixture.sessions(5L))
        val (ok, said) = run(settings(good, dir.resolve("good.db")))
        assertEquals(ok, ExitCode.Success, said.mkString("\n"))
        assert(said.last.startsWith(s"mvt serve: ${dir.resolve("good.db")}: figures through "), said)
        assert(!said.last.endsWith("no closed hour yet"), said)

        val bad = Files.createDirectories(dir.resolve("bad"))
        Files.writeString(
          bad.resolve("d1.trades.csv"),
          "trade,2026-03-02T14:30:00Z,AAPL,100,10,1,7,2,8,buy\ntrade,2026-03-02T15:30:00Z,AAPL,101,t\u0007n,3,7,4,8,buy\n"
        )
        Files.writeString(
          bad.resolve("d1.quotes.csv"),
          "time,symbol,bid,bid_size,ask,ask_size\n2026-03-02T14:30:00Z,AAPL,99,5,101,5\n2026-03-02T15:30:00Z,AAPL,99,5,102,5\n"
        )
        Files.writeString(bad.resolve("d1.end"), "")
        val (code, lines) = run(settings(bad, dir.resolve("bad.db")))
        assertEquals(code, ExitCode(2), lines.mkString("\n"))
        assert(lines.last.startsWith(s"mvt serve: ${bad.resolve("d1.trades.csv")}: line 2: "), lines)
        assert(!lines.last.contains("\u0007"), "what the feed holds is shown escaped")
      }
    }.unsafeRunSync()
  }
}
