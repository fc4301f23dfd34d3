package mvt.venue

import java.util.concurrent.locks.LockSupport

/**
 * How a venue thread with nothing to do waits: it spins for `spins` rounds (work that arrives within a few
 * microseconds is taken without a wake-up), then yields for `yields` rounds, then parks `napNanos` at a time;
 * `LockSupport.unpark` cuts a nap short. `reset` after each piece of work starts over at the spins. Allocates
 * nothing. One thread (its owner) calls it.
 */
final class Backoff(spins: Int, yields: Int, napNanos: Long) {
  require(spins >= 0 && yields >= 0 && napNanos > 0L, "spins and yields at least 0, a nap longer than 0")

  private var idle = 0 // rounds waited since the last reset; stops counting once the naps begin

  /** Starts over: the next `pause` spins. */
  def reset(): Unit = idle = 0

  /** Waits one round; what it did: `Backoff.Spun`, `Backoff.Yielded` or `Backoff.Parked`. */
  def pause(): Int =
    if (idle < spins) { idle += 1; Thread.onSpinWait(); Backoff.Spun }
    else if (idle < spins + yields) { idle += 1; Thread.`yield`(); Backoff.Yielded }
    else { LockSupport.parkNanos(napNanos); Backoff.Parked }
}

object Backoff {
  inline val Spun = 0
  inline val Yielded = 1
  inline val Parked = 2
}
