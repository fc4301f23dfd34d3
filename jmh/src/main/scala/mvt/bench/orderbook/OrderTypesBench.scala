package mvt.bench.orderbook

import mvt.core.TimeInForce
import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * The forms of `spec/order-types.md` on a book of 10 levels a side, 3 orders each, each benchmark leaving the book
 * as it found it: an IOC that takes a resting sell and expires the rest, a FOK that fills and one that expires
 * without changing the book, a post-only add (then cancelled) and one rejected as crossing, a modify that
 * reduces in place, a pair of modifies that move an order away and back (each losing its place), the same for an
 * order alone at its price moving to prices where nothing rests (exchange-core's mix is mostly such moves), and a
 * move through the touch that takes a resting sell and rests the rest.
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class OrderTypesBench {
  import BookFixture.{Mid, Tick}

  @Param(Array("fast", "lazy-cancel", "queue", "list")) var engine: String = uninitialized

  private var f: BookFixture = uninitialized
  private var nextId = 0L
  // a resting bid that the modify benchmarks work on, and its quantity now
  private var target = 0L
  private var targetQty = 0L
  // a bid alone at its price, below the ten bid levels
  private var lone = 0L

  @Setup(Level.Iteration) def setup(): Unit = {
    f = new BookFixture(engine)
    nextId = f.tenLevels(1L)
    target = nextId
    targetQty = 1000000000L
    f.add(target, buy = true, Mid - 3 * Tick, targetQty)
    nextId += 1
    lone = nextId
    f.add(lone, buy = true, Mid - 20 * Tick, 100L)
    nextId += 1
  }

  /** A bid that rests behind the touch, then its cancel: the book is as it was. */
  private def restAndCancel(tif: TimeInForce): Unit = {
    val id = nextId
    nextId += 1
    f.place(id, buy = true, Mid - 5 * Tick, 100L, tif)
    f.cancel(id)
  }

  @Benchmark def addGtc(): Unit = restAndCancel(TimeInForce.Gtc)

  @Benchmark def ioc(): Unit = {
    val sell = nextId
    nextId += 2
    f.add(sell, buy = false, Mid + Tick, 100L)
    f.place(sell + 1, buy = true, Mid + Tick, 150L, TimeInForce.Ioc) // takes the 100, 50 expire
  }

  @Benchmark def fokFills(): Unit = {
    val sell = nextId
    nextId += 2
    f.add(sell, buy = false, Mid + Tick, 100L)
    f.place(sell + 1, buy = true, Mid + Tick, 100L, TimeInForce.Fok)
  }

  @Benchmark def fokExpires(): Unit = {
    val id = nextId
    nextId += 1
    // the best three ask levels hold 900: the walk reads them and stops at the first that does not cross
    f.place(id, buy = true, Mid + 8 * Tick, 1000L, TimeInForce.Fok)
  }

  @Benchmark def postOnly(): Unit = restAndCancel(TimeInForce.Post)

  @Benchmark def postOnlyRejected(): Unit = {
    val id = nextId
    nextId += 1
    f.place(id, buy = true, Mid + 6 * Tick, 100L, TimeInForce.Post)
  }

  @Benchmark def modifyReduce(): Unit = {
    // same price, one less: in place; a billion units last far longer than an iteration
    targetQty -= 1
    f.modify(target, Mid - 3 * Tick, targetQty)
  }

  @Benchmark def modifyMove(): Unit = {
    f.modify(target, Mid - 4 * Tick, targetQty)
    f.modify(target, Mid - 3 * Tick, targetQty)
  }

  @Benchmark def modifyMoveAlone(): Unit = {
    f.modify(lone, Mid - 23 * Tick, 100L)
    f.modify(lone, Mid - 20 * Tick, 100L)
  }

  @Benchmark def modifyMoveCrossing(): Unit = {
    // a resting sell at the touch, then the lone bid moves onto it: takes the 50, rests 50 there; then back
    val sell = nextId
    nextId += 1
    f.add(sell, buy = false, Mid + Tick, 50L)
    f.modify(lone, Mid + Tick, 100L)
    f.modify(lone, Mid - 20 * Tick, 100L)
  }
}
