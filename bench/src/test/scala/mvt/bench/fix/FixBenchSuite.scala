package mvt.bench.fix

import java.nio.file.Files

/** The FIX benchmark's load reaches the gateway: every order it sends is answered and its round trip recorded. */
class FixBenchSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  def withDir[A](f: java.nio.file.Path => A): A = mvt.core.TempDir("mvt-fix-bench")(f)

  test(
    "a short run with group commit and one with no venue, each after a warm-up: every measured order answered once, none refused, each seen at every stage, no warm-up order counted"
  ) {
    withDir { dir =>
      FixBench.Mode.values.filter(_ != FixBench.Mode.NoFsync).foreach { mode =>
        val r = FixBench.measure(
          Files.createDirectories(dir.resolve(mode.label.replace(' ', '-'))),
          mode,
          3,
          200,
          0.5,
          warm = 0.25
        )
        assertEquals((r.sent, r.unanswered, r.rejected), (100, 0L, 0L), mode.label)
        assertEquals(r.histogram.getTotalCount, 100L, mode.label)
        // every order was seen at every point of its way, the gateway's stages included
        assertEquals(r.ways.complete, 100, mode.label)
      }
    }
  }

  test("the JIT warm-up ends once a round is quiet enough, and after its last round when none is") {
    withDir { dir =>
      // every share of compile time is under 2: the first round ends it
      val one = FixBench.warmUp(dir.resolve("any"), 2, 200, seconds = 0.25, quietShare = 2.0, maxRounds = 3)
      assertEquals((one.rounds, one.quiet), (1, true))
      // no share is under 0: it runs every round it may and says the JIT was not quiet
      val all = FixBench.warmUp(dir.resolve("never"), 2, 200, seconds = 0.25, quietShare = 0.0, maxRounds = 2)
      assertEquals((all.rounds, all.quiet), (2, false))
      assert(all.lastCompileShare >= 0.0, all)
    }
  }
}
