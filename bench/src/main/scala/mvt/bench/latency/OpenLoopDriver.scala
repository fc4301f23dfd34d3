package mvt.bench.latency

/**
 * Sends commands on a fixed schedule (command i is due at t0 + i / rate, whatever happened before) and records
 * each latency from that due time, so a stall is charged to every command queued behind it.
 */
object OpenLoopDriver {

  /** How commands reach the engine: called by the driver thread, or handed to an engine thread by a ring. */
  enum Handoff(val label: String) {
    case Direct extends Handoff("direct")
    case Ring extends Handoff("ring")
  }

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
      case Handoff.Direct => direct(stepper, count, rate, recorder, clock)
      case Handoff.Ring => ring(stepper, count, rate, recorder)
    }

  /** When command `i` is due on a schedule of `rate` per second from `t0`. */
  def due(t0: Long, i: Int, rate: Long): Long = t0 + (i.toLong * 1000000000L) / rate

  private def direct(
      stepper: CommandStepper,
      count: Int,
      rate: Long,
      recorder: LatencyRecorder,
      clock: DriverClock
  ): Unit = {
    val t0 = clock.nanoTime() + 1000000L
    var i = 0
    while (i < count) {
      val intended = due(t0, i, rate)
      clock.waitUntil(intended) // early: wait for the schedule; late: start at once, the delay is recorded
      val start = clock.nanoTime()
      stepper.step(i)
      recorder.record(intended, start, clock.nanoTime())
      i += 1
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
