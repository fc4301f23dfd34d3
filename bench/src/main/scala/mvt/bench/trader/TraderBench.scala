package mvt.bench.trader

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import io.circe.Json
import mvt.bench.ThroughputBench
import mvt.core.Symbol
import mvt.trader.*
import mvt.workload.WorkloadProfile
import org.HdrHistogram.Histogram

/**
 * The trader benchmark: real BBO updates sent open loop at each rate through each queue policy to a consumer
 * that runs the pipeline with a synthetic strategy of a set CPU cost, measuring every event from its intended
 * send time. Also measures what one consumer thread can do (its capacity) before the sweep.
 */
object TraderBench {

  /** With or without deadlines: `plain` is the old pipeline, `deadline` drops what is too late to be useful. */
  enum PipelineKind(val label: String) {
    case Plain extends PipelineKind("plain")
    case Deadline extends PipelineKind("deadline")
  }

  /** One invocation: the sweep's axes (every combination runs), the strategy's cost and the budget. */
  final case class Config(
      rates: Vector[Long],
      events: Int,
      costNanos: Long,
      policies: Vector[QueuePolicy],
      queues: Vector[Int],
      interpreters: Vector[InterpreterKind],
      pipelines: Vector[PipelineKind],
      budgetNanos: Long,
      pacing: Pacing,
      parallelism: Int,
      seed: Long
  ) {

    /** Every (policy, queue) pair: the unbounded policy once, each bounded one per queue size. */
    def queueSetups: Vector[(QueuePolicy, Option[Int])] =
      policies.flatMap(p =>
        if (p == QueuePolicy.Unbounded) Vector(p -> None) else queues.map(q => p -> Some(q))
      )
  }

  /** What one consumer does closed loop: the time per event on one thread, and saturated throughput. */
  final case class Capacity(service: Histogram, saturated: Vector[(InterpreterKind, Double)]) {
    def perSecond: Double = 1e9 / math.max(1.0, service.getMean)
  }

  /** The trader's pipeline with its own journal (one per run: a shared one would serialize runs' consumers). */
  def pipeline(kind: PipelineKind, budgetNanos: Long): Pipeline[Option[Decision]] =
    TraderPipeline(
      if (kind == PipelineKind.Plain) TraderPipeline.Deadlines.none
      else TraderPipeline.Deadlines.fromBudget(budgetNanos),
      new RingJournal(1024),
      PreTradeCheck.AllowAll
    )

  /** The BBO updates of a generated normal session, enough for the largest run. */
  def updates(cfg: Config): Array[BboUpdated] =
    BboStream.generate(WorkloadProfile.normal, math.max(1000, cfg.events), cfg.seed)

  private def consumer(
      kind: InterpreterKind,
      queue: BboQueue,
      strategy: TradingStrategy,
      p: Pipeline[Option[Decision]],
      metrics: TraderMetrics,
      cfg: Config
  ): TraderConsumer = kind match {
    case InterpreterKind.Fold => TraderConsumer.fold(queue, strategy, p, metrics, _ => ())
    case InterpreterKind.Io =>
      TraderConsumer.io(queue, strategy, p, metrics, _ => (), cfg.parallelism)
  }

  /**
   * Warms every interpreter up and measures capacity: the pipeline's time per event on one thread (the fold
   * interpreter, no queue), and events per second through a `block` queue with an unpaced producer. Both run
   * the deadline pipeline with an hour's budget, so every deadline is checked and none expires.
   */
  def capacity(cfg: Config, events: Array[BboUpdated]): Capacity = {
    val strategy = new SyntheticStrategy(cfg.costNanos)
    // every deadline checked (the full cost of the pipeline) but an hour away: an unpaced producer makes events
    // stale, and cheap drops of stale events must not count as throughput
    val p = pipeline(PipelineKind.Deadline, 3600L * 1000000000L)
    // about two seconds of work, at most 20 times the events of one run (so small runs stay small)
    val n = math.max(
      1000,
      math.min(cfg.events.toLong * 20, if (cfg.costNanos == 0) 2000000L else 2000000000L / cfg.costNanos).toInt
    )
    val interpreter = new FoldInterpreter(strategy)
    val service = new Histogram(TraderMetrics.MaxNanos, 3)
    for (round <- 0 until 2) {
      service.reset()
      var i = 0
      while (i < n) {
        val start = System.nanoTime()
        interpreter.run(p, BboEvent(events(i % events.length), start))
        service.recordValue(System.nanoTime() - start)
        i += 1
      }
    }
    val saturated = cfg.interpreters.map { kind =>
      val best = (0 until 3).map { _ =>
        val queue = QueuePolicy.Block.newQueue(1024)
        val metrics = new TraderMetrics(concurrent = kind == InterpreterKind.Io)
        val c = consumer(kind, queue, strategy, p, metrics, cfg)
        val started = System.nanoTime() // after the consumer's warm-up, which is not throughput
        val _ = OpenLoopFeeder.run(events, n, 0, queue, cfg.pacing)
        queue.close()
        c.join()
        metrics.processed * 1e9 / (System.nanoTime() - started)
      }.max
      kind -> best
    }
    Capacity(service, saturated)
  }

  /** One run: `count` events at `rate` through a fresh queue and consumer. */
  def runOne(
      cfg: Config,
      events: Array[BboUpdated],
      policy: QueuePolicy,
      queueSize: Option[Int],
      kind: InterpreterKind,
      pk: PipelineKind,
      rate: Long
  ): TraderRunResult = {
    val queue = policy.newQueue(queueSize.getOrElse(1))
    val metrics = new TraderMetrics(concurrent = kind == InterpreterKind.Io)
    System.gc()
    val heap = new PeakHeap()
    val c = consumer(
      kind,
      queue,
      new SyntheticStrategy(cfg.costNanos),
      pipeline(pk, cfg.budgetNanos),
      metrics,
      cfg
    )
    val fed = OpenLoopFeeder.run(events, cfg.events, rate, queue, cfg.pacing)
    queue.close()
    c.join()
    val (peakUsed, peakLive) = heap.stop()
    TraderRunResult.of(
      policy.label,
      queueSize,
      kind.label,
      pk.label,
      rate,
      fed.sent,
      queue.drops.snapshot,
      metrics,
      cfg.budgetNanos,
      fed.peakBacklog,
      peakUsed,
      peakLive
    )
  }

  /** Every combination of the sweep, rates innermost; `progress` hears of each run before it starts. */
  def sweep(
      cfg: Config,
      events: Array[BboUpdated],
      progress: String => Unit
  ): Vector[TraderRunResult] =
    for {
      (policy, queue) <- cfg.queueSetups
      kind <- cfg.interpreters
      pk <- cfg.pipelines
      rate <- cfg.rates
    } yield {
      progress(s"${policy.label}${queue.fold("")(q => s"/$q")} ${kind.label} ${pk.label} at $rate/s")
      runOne(cfg, events, policy, queue, kind, pk, rate)
    }

  /** The report as JSON: the machine, the capacity figures and one record per run. */
  def json(cfg: Config, cap: Capacity, suggestedQueue: Int, results: Vector[TraderRunResult]): String = {
    val s = cap.service
    val capacity = Json.obj(
      "meanServiceNs" -> Json.fromDoubleOrNull(s.getMean),
      "p999ServiceNs" -> Json.fromLong(s.getValueAtPercentile(99.9)),
      "worstServiceNs" -> Json.fromLong(s.getMaxValue),
      "eventsPerSecond" -> Json.fromDoubleOrNull(cap.perSecond.toDouble),
      "saturatedEventsPerSecond" -> Json.obj(cap.saturated.map((k, v) =>
        k.label -> Json.fromDoubleOrNull(v.toDouble)
      )*),
      "suggestedQueue" -> Json.fromInt(suggestedQueue)
    )
    Json
      .obj(
        "machine" -> ThroughputBench.machineJson,
        "costNs" -> Json.fromLong(cfg.costNanos.toLong),
        "budgetNs" -> Json.fromLong(cfg.budgetNanos.toLong),
        "pacing" -> Json.fromString(cfg.pacing.label),
        "capacity" -> capacity,
        "results" -> Json.arr(results.map(TraderRunResult.jsonValue)*)
      )
      .spaces2
  }

  /** The symbol set of the generated stream, for the report's description. */
  def symbols(events: Array[BboUpdated]): Int = events.iterator.map(_.symbol: Symbol).distinct.size
}
