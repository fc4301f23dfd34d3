package mvt.venue

import java.util.concurrent.locks.LockSupport

/**
 * How a venue thread with nothing to do waits: it spins for up to `spins` rounds (work that arrives within a few
 * microseconds is taken without a wake-up), then yields for `yields` rounds, then parks. Before it parks it says
 * so and looks at `work` once more; whoever hands it work then calls `wake`, which unparks it only when it is
 * parked, so a busy thread is never signalled. A nap lasts at most `napNanos` (a bound, should a party that
 * changes what `work` reads not call `wake`). `reset` after each piece of work starts over at the spins.
 *
 * The spins adapt between `minSpins` and `spins`: a wait that ended in a park (the spinning was wasted: the work
 * came later than the spins last) halves the next wait's spins, one whose work came while it spun doubles them.
 * So a thread whose work comes far apart (a few thousand commands a second) parks almost at once instead of
 * burning a core's time on every wake-up, which on a small machine is time taken from the threads that do the
 * work, and one whose work comes closely keeps spinning. Allocates nothing. Only its owner calls `pause` and
 * `reset`; any thread may call `wake`.
 */
final class Backoff(
    spins: Int,
    yields: Int,
    napNanos: Long,
    work: Backoff.Work = Backoff.NoWork,
    minSpins: Int = -1
) {
  require(spins >= 0 && yields >= 0 && napNanos > 0L, "spins and yields at least 0, a nap longer than 0")
  private val floor = if (minSpins < 0) spins else minSpins
  require(floor <= spins, s"at least $floor spins is more than the most, $spins")

  private var budget = spins // spins of the current wait; between `floor` and `spins`
  private var idle = 0 // rounds waited since the last reset; stops counting once the naps begin
  private var napped = false // the current wait has parked: its spins were wasted
  // the owner while it parks, else null; the owner's volatile store of it comes before its last look at `work`
  // and a waker's volatile read of it after its own volatile store of the work, so one of the two sees the other
  @volatile private var sleeper: Thread = null

  /** Rounds waited since the last `reset` (it stops counting once the naps begin). */
  def idleRounds: Int = idle

  /** The spins the next wait starts with (between the least and the most given). */
  def spinBudget: Int = budget

  /** Starts over: the next `pause` spins. The wait just ended tunes how long the next one spins. */
  def reset(): Unit = {
    if (napped) budget = math.max(floor, budget / 2)
    else if (idle > 0) budget = math.min(spins, math.max(1, budget * 2))
    idle = 0
    napped = false
  }

  /** Waits one round; what it did: `Backoff.Spun`, `Backoff.Yielded` or `Backoff.Parked`. */
  def pause(): Int =
    if (idle < budget) { idle += 1; Thread.onSpinWait(); Backoff.Spun }
    else if (idle < budget + yields) { idle += 1; Thread.`yield`(); Backoff.Yielded }
    else {
      sleeper = Thread.currentThread()
      if (!work.ready) { napped = true; LockSupport.parkNanos(napNanos) }
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
