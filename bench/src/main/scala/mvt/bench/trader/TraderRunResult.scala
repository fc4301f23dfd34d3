package mvt.bench.trader

import io.circe.Json
import mvt.core.Micros
import mvt.trader.{DropReason, OutcomeKind, TraderMetrics, TradingSession}

/**
 * One (policy, queue, interpreter, pipeline, rate) run of the trader benchmark, reduced to its figures: a sweep
 * keeps hundreds of these, and keeping each run's histograms would itself grow the heap it measures.
 */
final case class TraderRunResult(
    policy: String,
    queue: Option[Int],
    interpreter: String,
    pipeline: String,
    rate: Long,
    sent: Int,
    outcomes: Vector[(OutcomeKind, Long)],
    latency: Map[Double, Long],
    maxNanos: Long,
    meanNanos: Double,
    service: Map[Double, Long],
    withinBudget: Long,
    peakBacklog: Int,
    peakHeapBytes: Long,
    peakLiveHeapBytes: Long
) {
  def processed: Long = outcomes.collect { case (k, n) if k.processed => n }.sum
  def decisions: Long = outcomes.collect { case (OutcomeKind.Sent, n) => n }.sum

  /** Drops by reason, the queue's and the pipeline's. */
  def dropped: Vector[(DropReason, Long)] = outcomes.collect { case (OutcomeKind.Dropped(r), n) => r -> n }

  /** Latency from the sent time at percentile `p` (one of [[TraderRunResult.Percentiles]]). */
  def at(p: Double): Long = latency(p)

  /** Service time (pick-up to end of processing) at percentile `p`. */
  def serviceAt(p: Double): Long = service(p)

  /** Share of the sent events processed within the budget of their sent time. */
  def withinBudgetShare: Double = withinBudget.toDouble / math.max(1, sent)
}

object TraderRunResult {

  /** The latency percentiles a result keeps, with their column names. */
  val Percentiles: Vector[(String, Double)] =
    Vector("p50" -> 50.0, "p75" -> 75.0, "p99" -> 99.0, "p99.9" -> 99.9)

  /** The figures of a finished run; drops counted by the queue are merged with the pipeline's outcomes. */
  def of(
      policy: String,
      queue: Option[Int],
      interpreter: String,
      pipeline: String,
      rate: Long,
      sent: Int,
      queueDrops: Vector[(OutcomeKind, Long)],
      metrics: TraderMetrics,
      budgetNanos: Long,
      peakBacklog: Int,
      peakHeapBytes: Long,
      peakLiveHeapBytes: Long
  ): TraderRunResult = {
    val h = metrics.latency
    TraderRunResult(
      policy,
      queue,
      interpreter,
      pipeline,
      rate,
      sent,
      TradingSession.Summary.merged(queueDrops, metrics),
      Percentiles.map((_, p) => p -> h.getValueAtPercentile(p)).toMap,
      h.getMaxValue,
      h.getMean,
      Vector(50.0, 99.0).map(p => p -> metrics.service.getValueAtPercentile(p)).toMap,
      h.getCountBetweenValues(0L, budgetNanos),
      peakBacklog,
      peakHeapBytes,
      peakLiveHeapBytes
    )
  }

  /** A drop reason's name in the table's narrow `dropped` column. */
  private def short(reason: DropReason) = reason match {
    case DropReason.QueueFull => "full"
    case DropReason.Superseded => "sup"
    case DropReason.Expired(step) => s"$step-late"
    case other => other.label
  }

  def table(results: Vector[TraderRunResult]): String = {
    val header =
      f"  ${"policy"}%-11s ${"queue"}%5s ${"interp"}%6s ${"pipeline"}%8s ${"rate/s"}%7s ${"sent"}%7s ${"processed"}%9s" +
        Percentiles.map((n, _) => f" $n%8s")
          .mkString + f" ${"max"}%8s ${"mean"}%8s ${"svc p50"}%8s ${"svc p99"}%8s ${"in budget"}%9s ${"backlog"}%7s ${"heap MiB"}%8s ${"live MiB"}%8s  dropped"
    val rows = results.map { r =>
      val drops = r.dropped.map((k, n) => s"${short(k)} $n").mkString(" ")
      f"  ${r.policy}%-11s ${r.queue.fold("-")(_.toString)}%5s ${r.interpreter}%6s ${r.pipeline}%8s ${r.rate}%7d ${r.sent}%7d ${100.0 * r.processed / math.max(1, r.sent)}%8.1f%%" +
        Percentiles.map((_, p) => f" ${Micros.format(r.at(p))}%8s").mkString +
        f" ${Micros.format(r.maxNanos)}%8s ${Micros.format(r.meanNanos.toLong)}%8s ${Micros.format(r.serviceAt(50))}%8s ${Micros.format(r.serviceAt(99))}%8s ${100 * r.withinBudgetShare}%8.1f%% ${r.peakBacklog}%7d ${r.peakHeapBytes / (1 << 20)}%8d ${r.peakLiveHeapBytes / (1 << 20)}%8d  $drops"
    }
    (header +: rows).mkString("\n")
  }

  def json(r: TraderRunResult): String = jsonValue(r).spaces2

  /** One run's record in the `mvt bench trader` report. */
  def jsonValue(r: TraderRunResult): Json =
    Json.obj(
      "policy" -> Json.fromString(r.policy),
      "queue" -> r.queue.fold(Json.Null)(q => Json.fromLong(q.toLong)),
      "interpreter" -> Json.fromString(r.interpreter),
      "pipeline" -> Json.fromString(r.pipeline),
      "rate" -> Json.fromLong(r.rate.toLong),
      "sent" -> Json.fromLong(r.sent.toLong),
      "processed" -> Json.fromLong(r.processed.toLong),
      "decisions" -> Json.fromLong(r.decisions.toLong),
      "dropped" -> Json.obj(r.dropped.map((k, n) => k.label -> Json.fromLong(n.toLong))*),
      "p50Ns" -> Json.fromLong(r.at(50)),
      "p75Ns" -> Json.fromLong(r.at(75)),
      "p99Ns" -> Json.fromLong(r.at(99)),
      "p999Ns" -> Json.fromLong(r.at(99.9)),
      "maxNs" -> Json.fromLong(r.maxNanos),
      "meanNs" -> Json.fromDoubleOrNull(r.meanNanos.toDouble),
      "serviceP50Ns" -> Json.fromLong(r.serviceAt(50)),
      "serviceP99Ns" -> Json.fromLong(r.serviceAt(99)),
      "withinBudget" -> Json.fromDoubleOrNull(r.withinBudgetShare),
      "peakBacklog" -> Json.fromLong(r.peakBacklog.toLong),
      "peakHeapBytes" -> Json.fromLong(r.peakHeapBytes),
      "peakLiveHeapBytes" -> Json.fromLong(r.peakLiveHeapBytes)
    )
}
