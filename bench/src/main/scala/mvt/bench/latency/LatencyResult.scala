package mvt.bench.latency

import io.circe.Json
import mvt.core.Micros
import org.HdrHistogram.Histogram

/** One engine at one rate: the corrected and naive histograms of its run. */
final case class LatencyResult(engine: String, rate: Long, handoff: String, recorder: LatencyRecorder) {
  def h: Histogram = recorder.corrected
  def at(p: Double): Long = h.getValueAtPercentile(p)
  def naiveAt(p: Double): Long = recorder.naive.getValueAtPercentile(p)
}

object LatencyResult {

  private def us(ns: Long): String = Micros.format(ns)

  /** The sweep table: one row per engine and rate, latencies in microseconds from the intended start. */
  def table(results: Vector[LatencyResult], naive: Boolean): String = {
    val cols =
      Vector("p50" -> 50.0, "p75" -> 75.0, "p90" -> 90.0, "p99" -> 99.0, "p99.9" -> 99.9, "p99.99" -> 99.99)
    val header =
      f"  ${"engine"}%-22s ${"rate/s"}%10s ${"handoff"}%8s" + cols.map((n, _) => f" $n%9s").mkString +
        f" ${"max"}%10s ${"mean"}%9s ${"count"}%11s ${"in budget"}%10s" + (if (naive)
                                                                             f" ${"naive p99"}%10s ${"naive max"}%10s"
                                                                           else "")
    val rows = results.map { r =>
      f"  ${r.engine}%-22s ${r.rate}%10d ${r.handoff}%8s" + cols.map((_, p) => f" ${us(r.at(p))}%9s").mkString +
        f" ${us(r.h.getMaxValue)}%10s ${us(r.h.getMean.toLong)}%9s ${r.h.getTotalCount}%11d ${100 * r.recorder.withinBudgetShare}%9.3f%%" +
        (if (naive) f" ${us(r.naiveAt(99.0))}%10s ${us(r.recorder.naive.getMaxValue)}%10s" else "")
    }
    (header +: rows).mkString("\n")
  }

  def json(results: Vector[LatencyResult], machine: Json, budgetNanos: Long): String = {
    val rs = results.map { r =>
      Json.obj(
        "engine" -> Json.fromString(r.engine),
        "rate" -> Json.fromLong(r.rate.toLong),
        "handoff" -> Json.fromString(r.handoff),
        "count" -> Json.fromLong(r.h.getTotalCount),
        "p50Ns" -> Json.fromLong(r.at(50)),
        "p75Ns" -> Json.fromLong(r.at(75)),
        "p90Ns" -> Json.fromLong(r.at(90)),
        "p99Ns" -> Json.fromLong(r.at(99)),
        "p999Ns" -> Json.fromLong(r.at(99.9)),
        "p9999Ns" -> Json.fromLong(r.at(99.99)),
        "maxNs" -> Json.fromLong(r.h.getMaxValue),
        "meanNs" -> Json.fromDoubleOrNull(r.h.getMean),
        "withinBudget" -> Json.fromDoubleOrNull(r.recorder.withinBudgetShare),
        "naiveP99Ns" -> Json.fromLong(r.naiveAt(99)),
        "naiveMaxNs" -> Json.fromLong(r.recorder.naive.getMaxValue)
      )
    }
    Json.obj("machine" -> machine, "budgetNs" -> Json.fromLong(budgetNanos), "results" -> Json.arr(rs*)).spaces2
  }
}
