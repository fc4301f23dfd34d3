package mvt.bench.orderbook

import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * Adding a resting order (then cancelling it, so the book stays the same), and crossing: a resting sell and a
 * buy that fills it, on a book with a few levels each side.
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class AddCrossBench {
  @Param(Array("fast", "lazy-cancel", "queue", "list")) var engine: String = uninitialized

  private var f: BookFixture = uninitialized
  private var nextId = 0L

  @Setup(Level.Iteration) def setup(): Unit = {
    f = new BookFixture(engine)
    // away from where the benchmark trades
    nextId = f.tenLevels(1L)
  }

  @Benchmark def addResting(): Unit = {
    val id = nextId
    nextId += 1
    f.add(id, buy = true, BookFixture.Mid - 5 * BookFixture.Tick, 100L)
    f.cancel(id)
  }

  @Benchmark def cross(): Unit = {
    val sell = nextId
    val buy = nextId + 1
    nextId += 2
    f.add(sell, buy = false, BookFixture.Mid + BookFixture.Tick, 100L)
    f.add(buy, buy = true, BookFixture.Mid + BookFixture.Tick, 100L)
  }
}
