package mvt.bench.latency

import mvt.bench.BenchEngine
import mvt.orderbook.{CommandTarget, Sizing}
import mvt.workload.CommandBatch

/** Applies command `i` of a batch to one engine instance: what the latency driver times. Not thread-safe. */
trait CommandStepper {
  def step(i: Int): Unit

  /** Commands `[from, until)` in order: one replay for an engine, so a batch runs as the throughput loop does. */
  def stepRange(from: Int, until: Int): Unit = {
    var i = from
    while (i < until) { step(i); i += 1 }
  }
}

object CommandStepper {

  /** The label of `floor` in results. */
  val FloorLabel = "none"

  /**
   * No engine: reads command `i` and nothing more. Timed by the same driver, it measures the harness and the
   * machine alone: the floor under every engine's p99 and p99.9 on this machine (single pauses, and so the
   * highest percentiles, vary from run to run by more than an engine adds).
   */
  def floor(batch: CommandBatch): CommandStepper = new CommandStepper {
    private var touched = 0L // keeps the read from being optimised away
    def step(i: Int): Unit = touched += batch.id(i)
  }

  /**
   * A fresh instance of `engine` over `batch` (our exchange sized by `sizing`), stepped through the one replay loop,
   * one command at a time.
   */
  def apply(engine: BenchEngine, batch: CommandBatch, sizing: Sizing = Sizing.Default): CommandStepper = {
    val (target, _) = engine.instance(batch, sizing)
    over(target, batch)
  }

  /** `target`, fresh, stepped through `batch`: one replay through the target's own loop per step or range. */
  def over(target: CommandTarget, batch: CommandBatch): CommandStepper = {
    val books = batch.books(target)
    new CommandStepper {
      def step(i: Int): Unit = batch.replayInto(target, books, i, i + 1)
      override def stepRange(from: Int, until: Int): Unit = batch.replayInto(target, books, from, until)
    }
  }
}
