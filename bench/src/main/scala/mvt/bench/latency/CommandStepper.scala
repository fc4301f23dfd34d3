package mvt.bench.latency

import mvt.bench.BenchEngine
import mvt.bench.peer.ExchangeCorePeer
import mvt.core.*
import mvt.orderbook.Exchange
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
    case BenchEngine.Ours(e) =>
      val exchange = new Exchange(e, new EventCounter)
      val books = batch.symbols.map(exchange.bookOf).toArray
      i =>
        if (batch.isAdd(i))
          exchange.add(
            books(batch.symbolIndex(i)),
            OrderId(batch.id(i)),
            batch.side(i),
            Price.fromRaw(batch.price(i)),
            Quantity(batch.qty(i))
          )
        else exchange.cancel(books(batch.symbolIndex(i)), OrderId(batch.id(i)))
    case BenchEngine.Peer(kind) =>
      val peer = new ExchangeCorePeer(kind, batch.symbols.size)
      i =>
        if (batch.isAdd(i))
          peer.add(batch.symbolIndex(i), batch.id(i), batch.side(i).isBuy, batch.price(i), batch.qty(i))
        else peer.cancel(batch.symbolIndex(i), batch.id(i))
  }
}
