package mvt.bench

import io.circe.Json
import mvt.core.*
import mvt.orderbook.*

import java.lang.management.ManagementFactory

/**
 * Measures the heap that resting orders cost an engine: fills one book with orders that never cross, at
 * sparse prices, and compares heap in use (after full GCs) before and after.
 */
object MemoryFootprint {

  /**
   * The smallest book worth measuring. Heap in use after full GCs is only known to within about a MiB (measured:
   * with the parallel collector every engine reads about 1 MiB low at any size; with G1 several MiB): at 10,000
   * orders the fast engine's heap read 5 B/order against the 107 its arrays hold, and a single order read
   * -1.9 MB. From 100,000 orders the error is a few bytes per order.
   */
  val MinOrders: Int = 100000

  /**
   * Heap bytes per resting order as measured, and (for the fast engine) as held by its arrays. A heap that did
   * not grow (`measuredBytes <= 0`) means the book was below the measurement's resolution: no figure then.
   */
  final case class Result(
      engine: Engine,
      orders: Int,
      levels: Int,
      measuredBytes: Long,
      arrayBytes: Option[Long]
  ) {
    def measuredPerOrder: Option[Double] =
      Option.when(measuredBytes > 0 && orders > 0)(measuredBytes.toDouble / orders)
    def arrayPerOrder: Option[Double] = arrayBytes.filter(_ => orders > 0).map(_.toDouble / orders)
  }

  /** What `mvt bench memory` prints for a measured heap that did not grow. */
  val BelowResolution = "below the measurement's resolution (book too small)"

  /**
   * The figures `mvt bench memory` prints, as JSON; `arrayBytesPerOrder` is null for the historical books, and
   * `bytesPerOrder` is null when the book was below the measurement's resolution.
   */
  def json(results: Seq[Result], machine: Json): String = {
    def bytes(b: Option[Double]) = b.fold(Json.Null)(Json.fromDoubleOrNull)
    val rs = results.map { r =>
      Json.obj(
        "engine" -> Json.fromString(r.engine.label),
        "orders" -> Json.fromLong(r.orders.toLong),
        "levels" -> Json.fromLong(r.levels.toLong),
        "bytesPerOrder" -> bytes(r.measuredPerOrder),
        "arrayBytesPerOrder" -> bytes(r.arrayPerOrder)
      )
    }
    Json.obj("machine" -> machine, "results" -> Json.arr(rs*)).spaces2
  }

  private def usedHeap(): Long = {
    val bean = ManagementFactory.getMemoryMXBean
    var i = 0
    while (i < 3) { System.gc(); i += 1 }
    bean.getHeapMemoryUsage.getUsed
  }

  /** Rests `orders` orders on one symbol: bids below 50000 and asks above it, `perLevel` orders a level. */
  def measure(engine: Engine, orders: Int, perLevel: Int = 20): Result = {
    val symbol = Symbol.unsafe("MEM")
    val before = usedHeap()
    val exchange = new Exchange(engine, EventSink.Ignore)
    val rnd = new java.util.SplittableRandom(7)
    val levelsPerSide = math.max(1, orders / perLevel / 2)
    var i = 0
    while (i < orders) {
      val side = if ((i & 1) == 0) Side.Buy else Side.Sell
      // sparse prices: levels 0.37 apart, so a level map cannot rely on dense ticks
      val step = 1L + rnd.nextInt(levelsPerSide)
      val offset = step * 37000000L
      val price = if (side.isBuy) 50000L * Price.Scale - offset else 50000L * Price.Scale + offset
      exchange.add(symbol, OrderId(i + 1L), side, Price.fromRaw(price), Quantity(100L))
      i += 1
    }
    val after = usedHeap()
    val book = exchange.book(symbol).get
    val arrays = book match {
      case f: FastOrderBook => Some(f.footprintBytes + exchange.indexFootprintBytes)
      case _ => None
    }
    val levels = book.levels(symbol, Side.Buy).size + book.levels(symbol, Side.Sell).size
    // keep the exchange reachable until after the measurement
    if (exchange.liveOrderCount != orders) throw new IllegalStateException("orders crossed unexpectedly")
    Result(engine, orders, levels, after - before, arrays)
  }
}
