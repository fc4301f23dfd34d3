package mvt.bench

import mvt.bench.peer.ExchangeCorePeer
import mvt.core.{EventCounter, QuoteFeedWriter, TradeFeedWriter}
import mvt.orderbook.{Engine, Exchange, TradingDay}
import mvt.workload.CommandBatch

import java.io.OutputStream

/**
 * Everything the benchmarks can time: our four engines, the fast engine with the trading day's trade and quote
 * feeds formatted (to a discarding stream), and exchange-core's two books.
 */
enum BenchEngine(val label: String) {
  case Ours(engine: Engine) extends BenchEngine(engine.label)
  case WithFeeds(engine: Engine) extends BenchEngine(engine.label + "+feeds")
  case Peer(kind: ExchangeCorePeer.Kind) extends BenchEngine(kind.label)

  /** Replays `batch` once on a fresh instance; returns the events emitted (trade events for exchange-core). */
  def replay(batch: CommandBatch): Long = this match {
    case Ours(engine) =>
      val events = new EventCounter
      batch.replay(new Exchange(engine, events))
      events.total
    case WithFeeds(engine) =>
      val events = new EventCounter
      val trades = new TradeFeedWriter(OutputStream.nullOutputStream())
      val quotes = new QuoteFeedWriter(OutputStream.nullOutputStream())
      batch.replay(new TradingDay(engine, events, Some(trades), Some(quotes)))
      trades.flush()
      quotes.flush()
      events.total
    case Peer(kind) =>
      val peer = ExchangeCorePeer.forBatch(kind, batch)
      peer.replay(batch)
      peer.trades.sum
  }
}

object BenchEngine {
  val all: Vector[BenchEngine] =
    Engine.values.toVector.map(Ours(_)) ++ Vector(WithFeeds(Engine.Fast)) ++ ExchangeCorePeer.Kind.values.map(
      Peer(_)
    )

  def parse(label: String): Option[BenchEngine] = all.find(_.label == label)
}
