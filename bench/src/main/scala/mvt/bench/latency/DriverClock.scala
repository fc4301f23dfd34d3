package mvt.bench.latency

/**
 * The time source of the open-loop driver: the machine's monotonic clock in production, a simulated one in
 * tests, so the driver's arithmetic is checked exactly and no test depends on how fast the machine is.
 */
trait DriverClock {
  def nanoTime(): Long

  /** Returns once `nanoTime()` has reached `deadline`. */
  def waitUntil(deadline: Long): Unit
}

object DriverClock {

  /** `System.nanoTime`, waited on by spinning (a sleep would wake far too late). */
  object Machine extends DriverClock {
    def nanoTime(): Long = System.nanoTime()
    def waitUntil(deadline: Long): Unit = while (System.nanoTime() - deadline < 0) Thread.onSpinWait()
  }

  /** A clock that moves only when told: waiting jumps to the deadline. Single-threaded use only. */
  final class Simulated(start: Long) extends DriverClock {
    private var now = start
    def nanoTime(): Long = now
    def waitUntil(deadline: Long): Unit = if (deadline > now) now = deadline

    /** Lets `nanos` pass, as work that takes that long would. */
    def advance(nanos: Long): Unit = now += nanos
  }
}
