package mvt.bench.latency

/**
 * The harness against a fake engine that stalls once: the corrected histogram must charge the stall to every
 * command queued behind it; the naive one sees a single slow command.
 */
class OpenLoopDriverSuite extends munit.FunSuite {
  private val StallNanos = 50000000L // 50 ms
  private val Rate = 100000L // one command every 10 µs
  private val Count = 20000 // 0.2 s of schedule

  /** Does nothing, except that command 1000 spins for 50 ms. */
  private def stalling: CommandStepper = i =>
    if (i == 1000) {
      val end = System.nanoTime() + StallNanos
      while (System.nanoTime() < end) Thread.onSpinWait()
    }

  for (handoff <- OpenLoopDriver.Handoff.values)
    test(s"a stall shows in the corrected percentiles and hides from the naive ones (${handoff.label})") {
      val r = new LatencyRecorder(budgetNanos = 1000000L)
      OpenLoopDriver.run(stalling, Count, Rate, handoff, r)
      assertEquals(r.count, Count.toLong)
      // ~5,000 commands were due during the stall: a quarter of the run waited up to 50 ms
      assert(
        r.corrected.getValueAtPercentile(99.0) > 20000000L,
        s"corrected p99 ${r.corrected.getValueAtPercentile(99.0)}"
      )
      assert(
        r.corrected.getValueAtPercentile(90.0) > 5000000L,
        s"corrected p90 ${r.corrected.getValueAtPercentile(90.0)}"
      )
      assert(r.corrected.getMaxValue >= StallNanos)
      // the naive view: one slow command among 20,000
      assert(
        r.naive.getValueAtPercentile(99.0) < 5000000L,
        s"naive p99 ${r.naive.getValueAtPercentile(99.0)}"
      )
      assert(r.naive.getMaxValue >= StallNanos)
      assert(r.withinBudgetShare < 0.9, s"in budget ${r.withinBudgetShare}")
    }

  test("every command is stepped once, in order, and recorded once") {
    for (handoff <- OpenLoopDriver.Handoff.values) {
      val r = new LatencyRecorder(budgetNanos = 5000000L)
      val seen = scala.collection.mutable.ArrayBuffer.empty[Int]
      OpenLoopDriver.run(i => { val _ = seen += i }, 5000, Rate, handoff, r)
      assertEquals(seen.toVector, Vector.range(0, 5000), handoff.label)
      assertEquals(r.count, 5000L)
      assertEquals(r.naive.getTotalCount, 5000L)
    }
  }
}
