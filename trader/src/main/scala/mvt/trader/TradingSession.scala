package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import mvt.core.*
import mvt.orderbook.Engine

/**
 * A live trading session: commands drive an exchange on the calling thread (the engine thread), the BBO changes
 * they cause go through the queue to one consumer running the pipeline with the strategy, and each decision is
 * handed to `onDecision` (from the consumer side). Run once.
 */
final class TradingSession(config: TradingSession.Config, onDecision: Decision => Unit) {
  import TradingSession.*

  private val queue = config.policy.newQueue(config.queueSize)
  private val metrics = new TraderMetrics(concurrent = config.interpreter == InterpreterKind.Io)
  private var updates = 0L
  private var peakBacklog = 0
  private var started = false

  private val listener: BboListener = (symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long) => {
    queue.offer(BboEvent(BboUpdated.fromRaw(symbol, bp, bq, ap, aq), System.nanoTime()))
    updates += 1
    if ((updates & 63) == 0) peakBacklog = math.max(peakBacklog, queue.size)
  }

  /** The tracker to send commands to; its exchange routes them and reports each top-of-book change. */
  val tracker = new BboTracker(config.engine, EventSink.Ignore, listener)

  /**
   * Starts the consumer, runs `feed` (which sends commands to [[tracker]]), then closes the queue and waits
   * until every event is processed. A `FormatError` from `feed` ends the feed but not the session: what was
   * accepted before it is still processed, and the error comes back beside the summary.
   */
  def run(feed: BboTracker => Unit): (Summary, Option[FormatError]) = {
    require(!started, "a trading session runs once: its queue is closed at the end")
    started = true
    val consumer = config.interpreter match {
      case InterpreterKind.Fold =>
        TraderConsumer.fold(queue, config.strategy, config.pipeline, metrics, onDecision)
      case InterpreterKind.Io =>
        TraderConsumer.io(
          queue,
          config.strategy,
          config.pipeline,
          metrics,
          onDecision,
          config.parallelism
        )
    }
    val error =
      try { feed(tracker); None }
      catch { case e: FormatError => Some(e) }
      finally {
        queue.close()
        consumer.join()
      }
    (Summary(updates, queue.drops.snapshot, metrics, peakBacklog), error)
  }
}

object TradingSession {

  object Summary {

    /** Drops counted by a queue with the consumers' outcomes, sorted by label. */
    def merged(queueDrops: Vector[(OutcomeKind, Long)], metrics: TraderMetrics): Vector[(OutcomeKind, Long)] =
      (queueDrops ++ metrics.outcomes.snapshot).sortBy(_._1.label)
  }

  /** How a session is put together. `queueSize` is ignored by the `unbounded` policy. */
  final case class Config(
      engine: Engine,
      strategy: TradingStrategy,
      pipeline: Pipeline[Option[Decision]],
      policy: QueuePolicy,
      queueSize: Int,
      interpreter: InterpreterKind,
      parallelism: Int
  )

  /** What a session did: BBO updates produced, queue drops by reason, the consumers' metrics. */
  final case class Summary(
      updates: Long,
      queueDrops: Vector[(OutcomeKind, Long)],
      metrics: TraderMetrics,
      peakBacklog: Int
  ) {

    /** Every outcome, queue drops included, sorted by label. */
    def outcomes: Vector[(OutcomeKind, Long)] = Summary.merged(queueDrops, metrics)

    /** A few lines for a person: outcomes, latency and service-time percentiles in microseconds. */
    def render(budgetNanos: Option[Long]): String = {
      def us(ns: Long) = f"${ns / 1000.0}%.1f"
      val l = metrics.latency
      val s = metrics.service
      val lines = Vector.newBuilder[String]
      lines += f"BBO updates: $updates%,d (peak backlog $peakBacklog%,d)"
      lines += "Outcomes: " + outcomes.map((k, n) => f"${k.label} $n%,d").mkString(", ")
      if (l.getTotalCount > 0) {
        lines += s"Latency from sent, µs: p50 ${us(l.getValueAtPercentile(50))}, p99 ${us(
            l.getValueAtPercentile(99)
          )}, p99.9 ${us(l.getValueAtPercentile(99.9))}, max ${us(l.getMaxValue)}"
        lines += s"Processing per event, µs: p50 ${us(s.getValueAtPercentile(50))}, p99.9 ${us(
            s.getValueAtPercentile(99.9)
          )}, worst ${us(s.getMaxValue)}"
        budgetNanos.foreach { b =>
          val size = QueueSizing.suggest(b, s.getMaxValue)
          lines += s"Suggested queue for a ${us(b)} µs budget: $size (budget / worst processing time)"
        }
      }
      lines.result().mkString("\n")
    }
  }
}
