package mvt.bench

import mvt.orderbook.Engine

/** `mvt bench memory`: heap bytes per resting order of each engine, printed and optionally written as JSON. */
object MemoryRun {

  def apply(orders: Int, engines: List[Engine], json: Option[String], c: BenchConsole): Unit = {
    c.out.println(MachineInfo.describe)
    c.out.println(f"Resting $orders%,d orders on one book (20 a level, sparse prices):")
    val results = engines.map { e =>
      val r = MemoryFootprint.measure(e, orders)
      val arrays = r.arrayPerOrder.fold("")(b => f"   arrays+index: $b%6.1f B/order")
      // a heap that did not grow has no figure: a negative or zero B/order would only be noise
      val measured = r.measuredPerOrder.fold(MemoryFootprint.BelowResolution)(b => f"$b%7.1f B/order")
      c.out.println(f"  ${e.label}%-12s measured heap: $measured$arrays   (${r.levels}%,d levels)")
      r
    }
    c.write(json, MemoryFootprint.json(results, ThroughputBench.machineJson))
  }
}
