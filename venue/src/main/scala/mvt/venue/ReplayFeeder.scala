package mvt.venue

import java.util.concurrent.locks.LockSupport

/**
 * Plays a recorded day into the venue from command `from` on, each command carrying the recorded session clock,
 * at the day's speed (paced by the recorded times) or as fast as the venue takes them. A full queue makes it
 * retry after a short nap: it is a submitter, so it waits and the engine does not. At the day's end it closes
 * the session. Runs on its own thread.
 */
final class ReplayFeeder(venue: Venue, day: RecordedDay, from: Int) extends Runnable {

  def run(): Unit = {
    val b = day.commands
    var clock = day.clockAt(from)
    // the pace is measured from the first command played, at its recorded time
    var startClock = -1L
    var startWall = 0L
    var i = from
    var open = true
    while (i < b.size && open) {
      if (b.isTime(i)) clock = math.max(clock, b.time(i))
      else {
        if (startClock < 0L) { startClock = clock; startWall = System.nanoTime() }
        day.speed.foreach { s =>
          val due = startWall + ((clock - startClock) / s).toLong
          var wait = due - System.nanoTime()
          while (wait > 0) { LockSupport.parkNanos(wait); wait = due - System.nanoTime() }
        }
        val c = b.command(i)
        var sent = false
        while (!sent && open)
          venue.offer(c, Reply.Ignore, clock) match {
            case None => sent = true
            case Some(Refusal.QueueFull(_)) => LockSupport.parkNanos(50000L)
            case Some(_) => open = false
          }
      }
      i += 1
    }
    if (open) venue.closeSession()
  }
}
