package mvt.bench.latency

/**
 * Sends commands on a fixed schedule (command i is due at t0 + i / rate, whatever happened before) and records
 * each latency from that due time, so a stall is charged to every command queued behind it.
 */
object OpenLoopDriver {

  /**
   * How commands reach the engine: called by the driver thread one at a time, handed to an engine thread by a
   * ring, or called by the driver thread with every command already due in one replay (`batch`).
   */
  enum Handoff(val label: String) {
    case Direct extends Handoff("direct")
    case Ring extends Handoff("ring")
    case Batch extends Handoff("batch")
  }

  /** The most commands one `batch` step takes, so a long backlog is still stamped every few microseconds. */
  inline val MaxBatch = 64

  /** Busy-waits until `System.nanoTime` reaches `deadline`. */
  inline def spinUntil(deadline: Long): Unit = DriverClock.Machine.waitUntil(deadline)

  /**
   * Runs commands `0 until count` at `rate` per second into `stepper`, timed by `clock` (the ring handoff's two
   * threads always use the machine's clock).
   */
  def run(
      stepper: CommandStepper,
      count: Int,
      rate: Long,
      handoff: Handoff,
      recorder: LatencyRecorder,
      clock: DriverClock = DriverClock.Machine
  ): Unit =
    handoff match {
      case Handoff.Direct => paced(stepper, count, rate, recorder, clock, 1)
      case Handoff.Ring => ring(stepper, count, rate, recorder)
      case Handoff.Batch => paced(stepper, count, rate, recorder, clock, MaxBatch)
    }

  /** When command `i` is due on a schedule of `rate` per second from `t0`. */
  def due(t0: Long, i: Int, rate: Long): Long = t0 + (i.toLong * 1000000000L) / rate

  /**
   * The driver thread runs the engine. Command `i` starts at its due time, or at once when late (the delay is
   * recorded). With `maxBatch` above 1 (`batch`), a command that starts late takes every later command already due
   * with it, up to `maxBatch`, into one `stepRange`: what a gateway does with the orders that queued while it was
   * busy, so a backlog drains with the memory parallelism of a replay instead of one cold command at a time. Each
   * command of a step is recorded from its intended start to the end of the whole step (for all but the last,
   * later than it completed) and with the step's service time shared among them.
   */
  private def paced(
      stepper: CommandStepper,
      count: Int,
      rate: Long,
      recorder: LatencyRecorder,
      clock: DriverClock,
      maxBatch: Int
  ): Unit = {
    val t0 = clock.nanoTime() + 1000000L
    var i = 0
    var intended = due(t0, 0, rate) // command i's due time, computed once
    while (i < count) {
      // the next command's due time while still early, so an on-time command's latency holds no schedule arithmetic;
      // afterwards it is always the due time of `until`, the first command the step leaves (read only below count)
      var nextDue = if (i + 1 < count) due(t0, i + 1, rate) else 0L
      clock.waitUntil(intended)
      val start = clock.nanoTime()
      var until = i + 1 // commands [i, until) are due by `start`: never one that is not yet due
      while (until - i < maxBatch && until < count && nextDue - start <= 0) {
        until += 1
        if (until < count) nextDue = due(t0, until, rate)
      }
      stepper.stepRange(i, until)
      val end = clock.nanoTime()
      val n = until - i
      recorder.recordShared(intended, start, end, n)
      i += 1
      while (i < until) { // the rest of a batch: behind schedule already, so their dues are recomputed here
        recorder.recordShared(due(t0, i, rate), start, end, n)
        i += 1
      }
      intended = nextDue
    }
  }

  private def ring(stepper: CommandStepper, count: Int, rate: Long, recorder: LatencyRecorder): Unit = {
    val q = new SpscRing(1 << 16)
    val t0 = System.nanoTime() + 5000000L
    val producer = new Thread(
      () => {
        var i = 0
        while (i < count) {
          val intended = due(t0, i, rate)
          spinUntil(intended)
          q.put(i, intended)
          i += 1
        }
      },
      "mvt-gateway"
    )
    producer.setDaemon(true)
    producer.start()
    var seq = 0L
    while (seq < count) {
      val n = q.available(seq)
      if (n == 0) Thread.onSpinWait()
      else {
        val end = seq + n
        while (seq < end) {
          val start = System.nanoTime()
          stepper.step(q.indexAt(seq))
          recorder.record(q.intendedAt(seq), start, System.nanoTime())
          seq += 1
        }
        q.release(seq)
      }
    }
    producer.join()
  }
}
