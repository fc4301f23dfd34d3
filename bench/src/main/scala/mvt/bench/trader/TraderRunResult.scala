package mvt.bench.trader

import mvt.bench.{JsonText, Micros}
import mvt.trader.{Outcome, TraderMetrics}

/** One (policy, queue, interpreter, pipeline, rate) run of the trader benchmark. */
final case class TraderRunResult(
    policy: String,
    queue: Option[Int],
    interpreter: String,
    pipeline: String,
    rate: Long,
    sent: Int,
    queueDrops: Vector[(String, Long)],
    metrics: TraderMetrics,
    peakBacklog: Int,
    peakHeapBytes: Long,
    peakLiveHeapBytes: Long,
    budgetNanos: Long
) {
  private def h = metrics.latency
  def processed: Long = metrics.processed

  /** Drops by reason, the queue's and the pipeline's. */
  def dropped: Vector[(String, Long)] =
    (queueDrops ++ metrics.outcomes.snapshot.filterNot((k, _) =>
      k == Outcome.SentLabel || k == Outcome.NoDecisionLabel
    )).sortBy(_._1)

  def at(p: Double): Long = h.getValueAtPercentile(p)

  /** Service time (pick-up to end of processing) at percentile `p`. */
  def serviceAt(p: Double): Long = metrics.service.getValueAtPercentile(p)

  /** Share of the sent events processed within the budget of their sent time. */
  def withinBudgetShare: Double = h.getCountBetweenValues(0L, budgetNanos).toDouble / math.max(1, sent)
}

object TraderRunResult {
  private val Pcts = Vector("p50" -> 50.0, "p75" -> 75.0, "p99" -> 99.0, "p99.9" -> 99.9)

  private def short(label: String) = label match {
    case "queue-full" => "full"
    case "superseded" => "sup"
    case other => other.stripPrefix("expired:") + "-late"
  }

  def table(results: Vector[TraderRunResult]): String = {
    val header =
      f"  ${"policy"}%-11s ${"queue"}%5s ${"interp"}%6s ${"pipeline"}%8s ${"rate/s"}%7s ${"sent"}%7s ${"processed"}%9s" +
        Pcts.map((n, _) => f" $n%8s")
          .mkString + f" ${"max"}%8s ${"mean"}%8s ${"svc p50"}%8s ${"svc p99"}%8s ${"in budget"}%9s ${"backlog"}%7s ${"heap MiB"}%8s ${"live MiB"}%8s  dropped"
    val rows = results.map { r =>
      val drops = r.dropped.map((k, n) => s"${short(k)} $n").mkString(" ")
      f"  ${r.policy}%-11s ${r.queue.fold("-")(_.toString)}%5s ${r.interpreter}%6s ${r.pipeline}%8s ${r.rate}%7d ${r.sent}%7d ${100.0 * r.processed / math.max(1, r.sent)}%8.1f%%" +
        Pcts.map((_, p) => f" ${Micros.format(r.at(p))}%8s").mkString +
        f" ${Micros.format(r.h.getMaxValue)}%8s ${Micros.format(r.h.getMean.toLong)}%8s ${Micros.format(r.serviceAt(50))}%8s ${Micros.format(r.serviceAt(99))}%8s ${100 * r.withinBudgetShare}%8.1f%% ${r.peakBacklog}%7d ${r.peakHeapBytes / (1 << 20)}%8d ${r.peakLiveHeapBytes / (1 << 20)}%8d  $drops"
    }
    (header +: rows).mkString("\n")
  }

  def json(r: TraderRunResult): String = {
    val q = JsonText.quote
    val drops = r.dropped.map((k, n) => s"${q(k)}: $n").mkString("{", ", ", "}")
    s"""{"policy": ${q(r.policy)}, "queue": ${r.queue.fold("null")(_.toString)}, "interpreter": ${q(
        r.interpreter
      )}, "pipeline": ${q(r.pipeline)}, "rate": ${r.rate}, "sent": ${r.sent}, "processed": ${r
        .processed}, "decisions": ${r.metrics.outcomes.get(
        Outcome.SentLabel
      )}, "dropped": $drops, "p50Ns": ${r.at(
        50
      )}, "p75Ns": ${r.at(75)}, "p99Ns": ${r.at(99)}, "p999Ns": ${r.at(99.9)}, "maxNs": ${r.h
        .getMaxValue}, "meanNs": ${r.h
        .getMean}, "serviceP50Ns": ${r.serviceAt(50)}, "serviceP99Ns": ${r.serviceAt(99)}, "withinBudget": ${r
        .withinBudgetShare}, "peakBacklog": ${r.peakBacklog}, "peakHeapBytes": ${r
        .peakHeapBytes}, "peakLiveHeapBytes": ${r.peakLiveHeapBytes}}"""
  }
}
