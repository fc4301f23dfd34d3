package mvt.demo

import mvt.core.*
import mvt.orderbook.*
import mvt.workload.CommandBatch

/** One engine's pass over a command batch: how long it took and what it produced. */
final case class ReplayResult(
    engine: Engine,
    commands: Int,
    nanos: Long,
    events: EventCounter,
    exchange: Exchange
) {
  def commandsPerSecond: Double = commands * 1e9 / math.max(1L, nanos)
  def eventsPerSecond: Double = events.total * 1e9 / math.max(1L, nanos)
}

/** Replays a batch through a fresh exchange in chunks, reporting progress between chunks. */
object TimedReplay {

  /** Progress callback: commands done so far, out of the total. Called between chunks, on the caller's thread. */
  trait Progress { def update(done: Int, total: Int): Unit }

  object Progress {
    val Silent: Progress = (_, _) => ()
  }

  def run(
      engine: Engine,
      batch: CommandBatch,
      progress: Progress = Progress.Silent,
      chunk: Int = 1 << 17
  ): ReplayResult = {
    val events = new EventCounter
    val exchange = new Exchange(engine, events)
    var elapsed = 0L
    var from = 0
    while (from < batch.size) {
      val until = math.min(batch.size, from + chunk)
      val t0 = System.nanoTime()
      batch.replay(exchange, from, until)
      elapsed += System.nanoTime() - t0
      from = until
      progress.update(from, batch.size)
    }
    ReplayResult(engine, batch.size, elapsed, events, exchange)
  }
}
