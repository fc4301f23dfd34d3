package mvt.bench

import mvt.bench.peer.ExchangeCorePeer
import mvt.core.EventCounter
import mvt.orderbook.{Engine, Exchange}
import mvt.workload.CommandBatch

/** Everything the benchmarks can time: our four engines and exchange-core's two books. */
enum BenchEngine(val label: String) {
  case Ours(engine: Engine) extends BenchEngine(engine.label)
  case Peer(kind: ExchangeCorePeer.Kind) extends BenchEngine(kind.label)

  /** Replays `batch` once on a fresh instance; returns the events emitted (trade events for exchange-core). */
  def replay(batch: CommandBatch): Long = this match {
    case Ours(engine) =>
      val events = new EventCounter
      batch.replay(new Exchange(engine, events))
      events.total
    case Peer(kind) =>
      val peer = new ExchangeCorePeer(kind, batch.symbols.size)
      peer.replay(batch)
      peer.trades.sum
  }
}

object BenchEngine {
  val all: Vector[BenchEngine] =
    Engine.values.toVector.map(Ours(_)) ++ ExchangeCorePeer.Kind.values.map(Peer(_))

  def parse(label: String): Option[BenchEngine] = all.find(_.label == label)

  def names: String = all.map(_.label).mkString(",")
}
