package mvt.bench.trader

import mvt.bench.latency.OpenLoopDriver
import mvt.trader.{BboEvent, BboUpdated}
import mvt.trader.queue.BboQueue

import java.util.concurrent.locks.LockSupport

/**
 * The producer side of the trader benchmark: sends event i at its intended time `t0 + i / rate`, stamped with
 * that intended time, whatever happened before. A producer that falls behind (parked late, or blocked by the
 * `block` policy) sends late, and the lateness is charged to the events' latency. Runs on the calling thread.
 */
object OpenLoopFeeder {

  /** How many events were offered, and the most that were ever waiting in the queue (sampled every 64). */
  final case class Fed(sent: Int, peakBacklog: Int)

  /** Sends `count` events cycling through `events`; `rate` 0 sends as fast as the queue takes them. */
  def run(events: Array[BboUpdated], count: Int, rate: Long, queue: BboQueue, pacing: Pacing): Fed = {
    val t0 = System.nanoTime() + 1000000L
    var peak = 0
    var i = 0
    while (i < count) {
      val intended = if (rate == 0) System.nanoTime() else OpenLoopDriver.due(t0, i, rate)
      if (pacing == Pacing.Spin) OpenLoopDriver.spinUntil(intended)
      else {
        var wait = intended - System.nanoTime()
        while (wait > 0) { LockSupport.parkNanos(wait); wait = intended - System.nanoTime() }
      }
      // a fresh update per event, as a live feed allocates: what a backlog holds is then what it would hold live
      queue.offer(BboEvent(events(i % events.length).copy(), intended))
      if ((i & 63) == 0) peak = math.max(peak, queue.size)
      i += 1
    }
    Fed(count, peak)
  }
}
