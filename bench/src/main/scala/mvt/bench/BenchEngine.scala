package mvt.bench

import mvt.bench.peer.ExchangeCorePeer
import mvt.core.{QuoteFeedWriter, TradeFeedWriter}
import mvt.orderbook.{CommandTarget, Engine, Exchange, Sizing, TradingDay}
import mvt.workload.CommandBatch

import java.io.OutputStream

/**
 * Everything the benchmarks can time: our four engines, the fast engine with the trading day's trade and quote
 * feeds formatted (to a discarding stream), exchange-core's two books, and the limit gauge (only the work no
 * engine can avoid: see `LimitGauge`).
 */
enum BenchEngine(val label: String) {
  case Ours(engine: Engine) extends BenchEngine(engine.label)
  case WithFeeds(engine: Engine) extends BenchEngine(engine.label + "+feeds")
  case Peer(kind: ExchangeCorePeer.Kind) extends BenchEngine(kind.label)
  case Limit extends BenchEngine(BenchEngine.LimitLabel)

  /**
   * A fresh instance over `batch`, as a command target, and how many events it has emitted so far (trades for
   * exchange-core, structural operations for the limit gauge). For `+feeds`, both feeds are formatted to a
   * discarding stream; the limit gauge's plan is made on the first instance of a batch and reused. Our exchange
   * starts at `sizing` (the others size themselves).
   */
  def instance(batch: CommandBatch, sizing: Sizing = Sizing.Default): (CommandTarget, () => Long) =
    this match {
      case Ours(engine) =>
        val events = new EventTally
        (new Exchange(engine, events, sizing), () => events.total)
      case WithFeeds(engine) =>
        val events = new EventTally
        val trades = new TradeFeedWriter(OutputStream.nullOutputStream())
        val quotes = new QuoteFeedWriter(OutputStream.nullOutputStream())
        (new TradingDay(engine, events, Some(trades), Some(quotes)), () => events.total)
      case Peer(kind) =>
        val peer = ExchangeCorePeer.forBatch(kind, batch)
        (peer.target(batch.symbols), () => peer.trades.sum)
      case Limit =>
        val gauge = new LimitGauge(LimitGauge.planOf(batch))
        (gauge, () => gauge.operations)
    }

  /** Replays `batch` once on a fresh instance; returns the events emitted (trade events for exchange-core). */
  def replay(batch: CommandBatch): Long = {
    val (target, emitted) = instance(batch)
    batch.replay(target)
    emitted()
  }
}

object BenchEngine {

  /** The label of the limit gauge, against which every throughput table gives our distance. */
  inline val LimitLabel = "limit"

  val all: Vector[BenchEngine] =
    Engine.values.toVector.map(Ours(_)) ++ Vector(WithFeeds(Engine.Fast)) ++ ExchangeCorePeer.Kind.values.map(
      Peer(_)
    ) :+ Limit

  def parse(label: String): Option[BenchEngine] = all.find(_.label == label)
}
