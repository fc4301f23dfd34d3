package mvt.bench.orderbook

import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * Cancelling the first, the last, or a nonexistent order with N orders queued at one level. A cancel of a real
 * order is followed by re-adding it (at the back), so the level keeps its size; the figure is cancel + add.
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class CancelBench {
  @Param(Array("fast", "lazy-cancel", "queue", "list")) var engine: String = uninitialized
  @Param(Array("1", "10", "50", "100", "1000")) var queued: Int = uninitialized

  private var f: BookFixture = uninitialized
  private var ids: Array[Long] = uninitialized // ids(k) is the k-th order of the level, front first
  private var front = 0 // index into ids of the order at the front of the level

  @Setup(Level.Iteration) def setup(): Unit = {
    f = new BookFixture(engine)
    ids = Array.tabulate(queued)(i => i + 1L)
    ids.foreach(id => f.add(id, buy = true, BookFixture.Mid, 100L))
    front = 0
  }

  @Benchmark def cancelFirst(): Unit = {
    val id = ids(front)
    f.cancel(id)
    f.add(id, buy = true, BookFixture.Mid, 100L)
    front = (front + 1) % queued // the re-added order is now last
  }

  @Benchmark def cancelLast(): Unit = {
    val id = ids((front + queued - 1) % queued)
    f.cancel(id)
    f.add(id, buy = true, BookFixture.Mid, 100L)
  }

  @Benchmark def cancelNonexistent(): Unit = f.cancel(Long.MaxValue - 1)
}
