package mvt.bench.latency

/**
 * The harness against a fake engine that stalls once, on a simulated clock: the corrected histogram must charge
 * the stall to every command queued behind it, and the naive one sees a single slow command. Exact, whatever the
 * machine's speed: nothing here reads the real clock.
 */
class OpenLoopDriverSuite extends munit.FunSuite {
  private val StallNanos = 50000000L // 50 ms
  private val ServiceNanos = 1000L // 1 µs a command
  private val Rate = 100000L // one command due every 10 µs
  private val Count = 20000 // 0.2 s of schedule

  /** Takes 1 µs a command, except command 1000, which takes 50 ms. */
  private def stalling(clock: DriverClock.Simulated): CommandStepper = i =>
    clock.advance(if (i == 1000) StallNanos else ServiceNanos)

  test("a stall shows in the corrected percentiles and hides from the naive ones, exactly") {
    val clock = new DriverClock.Simulated(0L)
    val r = new LatencyRecorder(budgetNanos = 1000000L)
    OpenLoopDriver.run(stalling(clock), Count, Rate, OpenLoopDriver.Handoff.Direct, r, clock)
    assertEquals(r.count, Count.toLong)
    // the stall ends 50 ms after command 1000 started; the 5,000 commands due meanwhile start late, each by the
    // rest of the stall plus the 1 µs of each one before it in the backlog
    val backlog = (StallNanos / (1000000000L / Rate)).toInt
    // histograms hold values to 3 significant digits: compare within 0.1%
    def near(got: Long, want: Long) = math.abs(got - want) <= want / 1000 + 1
    assert(near(r.naive.getMaxValue, StallNanos), r.naive.getMaxValue) // one command took 50 ms
    assert(r.corrected.getMaxValue >= StallNanos, r.corrected.getMaxValue)
    val lateShare = backlog.toDouble / Count // a quarter of the run waited behind the stall
    assert(r.corrected.getValueAtPercentile(100.0 * (1.0 - lateShare / 2)) > StallNanos / 4)
    assert(r.corrected.getValueAtPercentile(50.0) <= 2 * ServiceNanos + 1000)
    // the naive view: one slow command among 20,000, every other one 1 µs
    assert(r.naive.getValueAtPercentile(99.99) <= 2 * ServiceNanos)
    // commands within the 1 ms budget: all but the stalled one and those due within 1 ms... of its end
    assert(r.withinBudgetShare > 0.7 && r.withinBudgetShare < 0.8, r.withinBudgetShare.toString)
    // late starts, exactly: command 1000 + k starts 49,999 - 9k µs behind schedule, over 1 µs for k = 1 to 5,555
    assertEquals(r.lateShare, 5555.0 / Count)
  }

  test("on time, every command's latency is its service time") {
    val clock = new DriverClock.Simulated(123L)
    val r = new LatencyRecorder(budgetNanos = 1000000L)
    OpenLoopDriver.run(_ => clock.advance(ServiceNanos), 1000, Rate, OpenLoopDriver.Handoff.Direct, r, clock)
    // histograms hold values to 3 significant digits
    assert(math.abs(r.corrected.getMaxValue - ServiceNanos) <= 1, r.corrected.getMaxValue)
    assert(math.abs(r.corrected.getMinValue - ServiceNanos) <= 1, r.corrected.getMinValue)
    assertEquals(r.withinBudgetShare, 1.0)
    assertEquals(r.lateShare, 0.0)
  }

  test("every command is stepped once, in order, and recorded once, through either handoff") {
    for (handoff <- OpenLoopDriver.Handoff.values) {
      val r = new LatencyRecorder(budgetNanos = 5000000L)
      val seen = scala.collection.mutable.ArrayBuffer.empty[Int]
      OpenLoopDriver.run(i => { val _ = seen += i }, 5000, Rate, handoff, r)
      assertEquals(seen.toVector, Vector.range(0, 5000), handoff.label)
      assertEquals(r.count, 5000L)
      assertEquals(r.naive.getTotalCount, 5000L)
    }
  }

  test(
    "batch: a late command takes every command already due into one step, and each is charged to its end"
  ) {
    // commands 10 µs apart, 1 µs each; command 10 takes 50 µs, so 11 to 15 (due 10 to 50 µs after it) are due
    // when the driver comes back, and 16 is not
    val clock = new DriverClock.Simulated(0L)
    val steps = scala.collection.mutable.ArrayBuffer.empty[(Int, Int)]
    val stepper = new CommandStepper {
      def step(i: Int): Unit = clock.advance(if (i == 10) 50000L else ServiceNanos)
      override def stepRange(from: Int, until: Int): Unit = {
        steps += from -> until
        super.stepRange(from, until)
      }
    }
    val r = new LatencyRecorder(budgetNanos = 1000000L)
    OpenLoopDriver.run(stepper, 20, Rate, OpenLoopDriver.Handoff.Batch, r, clock)
    assertEquals(
      steps.toVector,
      (0 to 10).map(i => i -> (i + 1)).toVector ++ Vector(11 -> 16) ++ (16 to 19).map(i => i -> (i + 1))
    )
    // the step of 11 to 15 starts at command 10's end (its 50 µs) and ends 5 µs later: 45, 35, 25, 15 and 5 µs
    // from their intended starts; the rest take their 1 µs on time, command 10 its 50 µs
    def count(us: Long) = r.corrected.getCountAtValue(us * 1000L)
    assertEquals(count(1), 14L)
    assertEquals(Vector(50L, 45L, 35L, 25L, 15L, 5L).map(count), Vector.fill(6)(1L))
    assertEquals(r.count, 20L)
    // each of the five had a fifth of the step's 5 µs as its service time
    assertEquals(r.naive.getCountAtValue(1000L), 19L)
    // 11 to 14 started over 1 µs late (by 40, 30, 20 and 10 µs); 15 started on time, at the step's start
    assertEquals(r.lateShare, 4.0 / 20)
  }

  test("batch: a long backlog drains in steps of at most MaxBatch, every command once and in order") {
    val clock = new DriverClock.Simulated(0L)
    val steps = scala.collection.mutable.ArrayBuffer.empty[(Int, Int)]
    val stepper = new CommandStepper {
      def step(i: Int): Unit = clock.advance(if (i == 1000) StallNanos else ServiceNanos)
      override def stepRange(from: Int, until: Int): Unit = {
        steps += from -> until
        super.stepRange(from, until)
      }
    }
    val r = new LatencyRecorder(budgetNanos = 1000000L)
    OpenLoopDriver.run(stepper, Count, Rate, OpenLoopDriver.Handoff.Batch, r, clock)
    // the 5,000 commands due during the 50 ms stall leave in full steps of 64 first
    assertEquals(steps.map((a, b) => b - a).max, OpenLoopDriver.MaxBatch)
    assertEquals(steps.head._1, 0)
    assert(steps.sliding(2).forall(p => p(0)._2 == p(1)._1), "steps must tile the commands in order")
    assertEquals(steps.last._2, Count)
    assertEquals(r.count, Count.toLong)
  }

  test("an engine's stepper gives the same events stepped one by one or in ranges of any length") {
    import mvt.core.EventCounter
    import mvt.orderbook.{Engine, Exchange}
    val batch = mvt.workload.ProfileGenerator.generate(mvt.workload.WorkloadProfile.volatile, 20000, 7L).batch
    val one = new EventCounter
    val ranged = new EventCounter
    val a = CommandStepper.over(new Exchange(Engine.Fast, one), batch)
    val b = CommandStepper.over(new Exchange(Engine.Fast, ranged), batch)
    (0 until batch.size).foreach(a.step)
    val rnd = new scala.util.Random(11)
    var i = 0
    while (i < batch.size) {
      val until = math.min(batch.size, i + 1 + rnd.nextInt(OpenLoopDriver.MaxBatch))
      b.stepRange(i, until)
      i = until
    }
    assert(one.total > batch.size.toLong / 2, one.total.toString)
    assertEquals((ranged.total, ranged.digest), (one.total, one.digest))
  }
}
