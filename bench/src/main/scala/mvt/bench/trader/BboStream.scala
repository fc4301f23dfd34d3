package mvt.bench.trader

import mvt.core.{EventSink, Symbol}
import mvt.orderbook.Engine
import mvt.trader.{BboListener, BboTracker, BboUpdated}
import mvt.workload.{CommandBatch, ProfileGenerator, WorkloadProfile}

/** Realistic BBO updates for trader benchmarks: the top-of-book changes of a generated order flow. */
object BboStream {

  /** The first `n` updates that `profile`'s flow produces on the fast engine, cycling the flow if it runs out. */
  def generate(profile: WorkloadProfile, n: Int, seed: Long): Array[BboUpdated] = {
    val out = new Array[BboUpdated](n)
    var filled = 0
    var round = 0L
    while (filled < n) {
      val batch = ProfileGenerator.generate(profile, math.max(1000, n * 3), seed + round).batch
      filled = fill(batch, out, filled)
      round += 1
    }
    out
  }

  /** The updates of replaying `batch`, as many as fit after `from`; returns the new fill level. */
  def fill(batch: CommandBatch, out: Array[BboUpdated], from: Int): Int = {
    var filled = from
    val listener = new BboListener {
      def bboChanged(symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long): Unit =
        if (filled < out.length) { out(filled) = BboUpdated.fromRaw(symbol, bp, bq, ap, aq); filled += 1 }
    }
    val tracker = new BboTracker(Engine.Fast, EventSink.Ignore, listener)
    var i = 0
    while (i < batch.size && filled < out.length) { tracker(batch.command(i)); i += 1 }
    filled
  }
}
