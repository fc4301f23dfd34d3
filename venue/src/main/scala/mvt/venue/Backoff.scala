package mvt.venue

import java.util.concurrent.locks.LockSupport

/**
 * How a venue thread with nothing to do waits: it spins for `spins` rounds (work that arrives within a few
 * microseconds is taken without a wake-up), then yields for `yields` rounds, then parks. Before it parks it
 * says so and looks at `work` once more; whoever hands it work then calls `wake`, which unparks it only when it
 * is parked, so a busy thread is never signalled. A nap lasts at most `napNanos` (a bound, should a party that
 * changes what `work` reads not call `wake`). `reset` after each piece of work starts over at the spins.
 * Allocates nothing. Only its owner calls `pause` and `reset`; any thread may call `wake`.
 */
final class Backoff(spins: Int, yields: Int, napNanos: Long, work: Backoff.Work = Backoff.NoWork) {
  require(spins >= 0 && yields >= 0 && napNanos > 0L, "spins and yields at least 0, a nap longer than 0")

  private var idle = 0 // rounds waited since the last reset; stops counting once the naps begin
  // the owner while it parks, else null; the owner's volatile store of it comes before its last look at `work`
  // and a waker's volatile read of it after its own volatile store of the work, so one of the two sees the other
  @volatile private var sleeper: Thread = null

  /** Rounds waited since the last `reset` (it stops counting once the naps begin). */
  def idleRounds: Int = idle

  /** Starts over: the next `pause` spins. */
  def reset(): Unit = idle = 0

  /** Waits one round; what it did: `Backoff.Spun`, `Backoff.Yielded` or `Backoff.Parked`. */
  def pause(): Int =
    if (idle < spins) { idle += 1; Thread.onSpinWait(); Backoff.Spun }
    else if (idle < spins + yields) { idle += 1; Thread.`yield`(); Backoff.Yielded }
    else {
      sleeper = Thread.currentThread()
      if (!work.ready) LockSupport.parkNanos(napNanos)
      sleeper = null
      Backoff.Parked
    }

  /** Unparks the owner if it is parked (or about to park); cheap when it is not. Any thread. */
  def wake(): Unit = {
    val t = sleeper
    if (t != null) LockSupport.unpark(t)
  }
}

object Backoff {
  inline val Spun = 0
  inline val Yielded = 1
  inline val Parked = 2

  /** What a parking owner looks at last: true when it has work after all. Read with volatile loads. */
  trait Work {
    def ready: Boolean
  }

  /** For an owner that is only ever woken by its naps ending or by `wake`. */
  val NoWork: Work = new Work { def ready = false }
}
