package mvt.bench.trader

import mvt.bench.{BenchConsole, MachineInfo}
import mvt.core.Micros
import mvt.trader.queue.QueueSizing

/**
 * `mvt bench trader`: the pipeline's closed-loop capacity and the queue it suggests for the budget, then the open
 * loop through every policy, queue and interpreter asked for; prints the figures and writes the JSON document.
 */
object TraderBenchRun {

  def apply(cfg: TraderBench.Config, json: Option[String], c: BenchConsole): Unit = {
    c.out.println(MachineInfo.describe)
    val events = TraderBench.updates(cfg)
    c.out.println(
      f"Trader pipeline: ${events.length}%,d BBO updates of a normal session over ${TraderBench.symbols(events)} symbols; synthetic strategy ${cfg.costNanos / 1000.0}%.1f µs per decision; budget ${Micros.format(cfg.budgetNanos)} µs; ${cfg.pacing.label} pacing; io parallelism ${cfg.parallelism}"
    )
    c.err.println("  measuring capacity (and warming up)...")
    val cap = TraderBench.capacity(cfg, events)
    val s = cap.service
    val suggested = QueueSizing.suggest(cfg.budgetNanos, s.getMaxValue)
    c.out.println(
      f"One consumer thread, closed loop: ${Micros.format(s.getMean.toLong)} µs per event (p99.9 ${Micros.format(s.getValueAtPercentile(99.9))}, worst ${Micros.format(s.getMaxValue)}): capacity ${cap.perSecond}%,.0f events/s"
    )
    cap.saturated.foreach((k, perSec) =>
      c.out.println(f"  saturated through a block queue, ${k.label} interpreter: $perSec%,.0f events/s")
    )
    c.out.println(s"  suggested queue for the budget: $suggested (budget / worst time per event)")
    c.out.println("Open loop, latencies in µs from each event's intended send time (processed events):")
    val results = TraderBench.sweep(cfg, events, msg => c.err.println(s"  $msg..."))
    c.out.println(TraderRunResult.table(results))
    c.write(json, TraderBench.json(cfg, cap, suggested, results))
  }
}
