package mvt.bench.latency

import mvt.bench.BenchEngine
import mvt.bench.peer.ExchangeCorePeer
import mvt.core.*
import mvt.orderbook.{CommandTarget, Exchange, TradingDay}
import mvt.workload.CommandBatch

/** Applies command `i` of a batch to one engine instance: what the latency driver times. Not thread-safe. */
trait CommandStepper {
  def step(i: Int): Unit
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

  /** A fresh instance of `engine` over `batch`. */
  def apply(engine: BenchEngine, batch: CommandBatch): CommandStepper = engine match {
    case BenchEngine.Ours(e) => replaying(new Exchange(e, new EventCounter), batch)
    case BenchEngine.WithFeeds(e) =>
      val trades = new TradeFeedWriter(java.io.OutputStream.nullOutputStream())
      val quotes = new QuoteFeedWriter(java.io.OutputStream.nullOutputStream())
      replaying(new TradingDay(e, new EventCounter, Some(trades), Some(quotes)), batch)
    case BenchEngine.Peer(kind) =>
      val peer = ExchangeCorePeer.forBatch(kind, batch)
      i =>
        if (batch.isAdd(i))
          peer.add(batch.symbolIndex(i), batch.id(i), batch.side(i).isBuy, batch.price(i), batch.qty(i))
        else peer.cancel(batch.symbolIndex(i), batch.id(i))
  }

  // the one replay loop, one command at a time
  private def replaying(target: CommandTarget, batch: CommandBatch): CommandStepper = {
    val books = batch.books(target)
    i => batch.replayInto(target, books, i, i + 1)
  }
}
