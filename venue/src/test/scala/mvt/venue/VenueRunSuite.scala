package mvt.venue

import java.io.{OutputStream, PrintStream}
import java.nio.file.Files

/** `mvt venue` as the command runs it: a recorded day, and what attaches to the venue before the day plays. */
class VenueRunSuite extends munit.FunSuite {

  test(
    "with --replay, the recorded day waits until what attaches (a FIX gateway) is in place, then plays to its close"
  ) {
    mvt.core.TempDir("mvt-venue-run") { tmp =>
      val day = tmp.resolve("recorded.mvtc")
      RecordedDays.write(day, 4000)
      val dir = tmp.resolve("venue")
      val o = VenueRun.Options(dir, None, Some(day), None, Durability.None, 1 << 16)
      var atAttach = -1L
      var afterAttach = -1L
      val quiet = new PrintStream(OutputStream.nullOutputStream())
      val status = VenueRun.run(
        o,
        quiet,
        _ => (),
        v => {
          // a gateway rebuilding its orders from the journal: at full speed the day would be played meanwhile
          atAttach = v.sequenced
          Thread.sleep(500)
          afterAttach = v.sequenced
          Right(() => ())
        }
      )
      assertEquals(status, 0)
      // a new day: nothing recovered, and nothing replayed before or while the gateway attached
      assertEquals((atAttach, afterAttach), (0L, 0L), "commands sequenced before the gateway was in place")
      assert(Files.exists(dir.resolve("2026-01-06.end")), "the recorded day played to its close")
    }
  }
}
