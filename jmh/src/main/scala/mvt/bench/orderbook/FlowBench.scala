package mvt.bench.orderbook

import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * Interleaved flows on a book of 30 resting orders at cancel-to-trade ratios 1:2, 1:1 and 2:1. Each step is a
 * cancel or a trade (a buy that fills the best resting sell), followed by a new resting sell, so the book keeps
 * its 30 orders. One benchmark op is one step.
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class FlowBench {
  @Param(Array("fast", "lazy-cancel", "queue", "list")) var engine: String = uninitialized
  @Param(Array("1:2", "1:1", "2:1")) var cancelToTrade: String = uninitialized

  private val Resting = 30
  private var f: BookFixture = uninitialized
  private var pattern: Array[Boolean] = uninitialized // true = cancel, false = trade
  private var step = 0
  private var ring: Array[Long] = uninitialized // resting sells, oldest first, as a ring
  private var head = 0
  private var nextId = 0L

  @Setup(Level.Iteration) def setup(): Unit = {
    val Array(c, t) = cancelToTrade.split(":").map(_.toInt)
    pattern = Array.fill(c)(true) ++ Array.fill(t)(false)
    f = new BookFixture(engine)
    ring = new Array[Long](Resting)
    nextId = 1L
    for (i <- 0 until Resting) ring(i) = rest()
    head = 0
    step = 0
  }

  /** A resting sell at the one ask level, behind the others. */
  private def rest(): Long = {
    val id = nextId
    nextId += 1
    f.add(id, buy = false, BookFixture.Mid + BookFixture.Tick, 100L)
    id
  }

  @Benchmark def step1(): Unit = {
    // the ring's head is the oldest live sell, the front of the level: a cancel removes it, a buy of its size
    // at its price fills exactly it
    if (pattern(step % pattern.length)) f.cancel(ring(head))
    else {
      f.add(nextId, buy = true, BookFixture.Mid + BookFixture.Tick, 100L)
      nextId += 1
    }
    ring(head) = rest()
    head = (head + 1) % Resting
    step += 1
  }
}
