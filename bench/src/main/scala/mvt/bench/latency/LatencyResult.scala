package mvt.bench.latency

import io.circe.Json
import mvt.core.Micros
import org.HdrHistogram.Histogram

/** One engine at one rate in one round of the sweep: the corrected and naive histograms of its run. */
final case class LatencyResult(
    engine: String,
    rate: Long,
    handoff: String,
    recorder: LatencyRecorder,
    round: Int = 1
) {
  def h: Histogram = recorder.corrected
  def at(p: Double): Long = h.getValueAtPercentile(p)
  def naiveAt(p: Double): Long = recorder.naive.getValueAtPercentile(p)

  /** `#round` for the second round on, so labels of a single run stay as they were. */
  def roundSuffix: String = if (round > 1) s"#$round" else ""
}

object LatencyResult {

  private def us(ns: Long): String = Micros.format(ns)

  /**
   * The sweep table: one row per engine, rate and round, latencies in microseconds from the intended start; a
   * `round` column when the sweep ran more than once. `late` is the share of commands that started over 1 µs behind
   * their schedule (see `LatencyRecorder.lateShare`).
   */
  def table(results: Vector[LatencyResult], naive: Boolean): String = {
    val rounds = results.map(_.round).distinct.size > 1
    val cols =
      Vector("p50" -> 50.0, "p75" -> 75.0, "p90" -> 90.0, "p99" -> 99.0, "p99.9" -> 99.9, "p99.99" -> 99.99)
    val header =
      f"  ${"engine"}%-22s ${"rate/s"}%10s ${"handoff"}%8s" + cols.map((n, _) => f" $n%9s").mkString +
        f" ${"max"}%10s ${"mean"}%9s ${"count"}%11s ${"in budget"}%10s ${"late"}%7s" + (if (naive)
                                                                                          f" ${"naive p99"}%10s ${"naive max"}%10s"
                                                                                        else "") +
        (if (rounds) f" ${"round"}%6s" else "")
    val rows = results.map { r =>
      f"  ${r.engine}%-22s ${r.rate}%10d ${r.handoff}%8s" + cols.map((_, p) => f" ${us(r.at(p))}%9s").mkString +
        f" ${us(r.h.getMaxValue)}%10s ${us(r.h.getMean.toLong)}%9s ${r.h.getTotalCount}%11d ${100 * r.recorder.withinBudgetShare}%9.3f%% ${100 * r.recorder.lateShare}%6.2f%%" +
        (if (naive) f" ${us(r.naiveAt(99.0))}%10s ${us(r.recorder.naive.getMaxValue)}%10s" else "") +
        (if (rounds) f" ${r.round}%6d" else "")
    }
    (header +: rows).mkString("\n")
  }

  /** An engine's percentile over the floor's at the same rate in the same round: one figure per round. */
  final case class FloorRatio(
      engine: String,
      rate: Long,
      percentile: Double,
      byRound: Vector[Double],
      late: Vector[Double],
      floorLate: Vector[Double]
  ) {
    def median: Double = medianOf(byRound)
  }

  private def medianOf(xs: Vector[Double]): Double = {
    val s = xs.sorted
    if (s.size % 2 == 1) s(s.size / 2) else (s(s.size / 2 - 1) + s(s.size / 2)) / 2
  }

  /**
   * Each engine's p99 and p99.9 over the floor's (`floorLabel`) at the same rate and round, round by round: the
   * floor moves from run to run by more than an engine adds, so a ratio means something only within a round, and
   * its median over rounds more than any one of them. Empty without floor rows.
   */
  def floorRatios(results: Vector[LatencyResult], floorLabel: String): Vector[FloorRatio] = {
    val floors = results.filter(_.engine == floorLabel).map(r => (r.rate, r.round) -> r).toMap
    val engines = results.filter(_.engine != floorLabel)
    for {
      (engine, rate) <- engines.map(r => (r.engine, r.rate)).distinct
      p <- Vector(99.0, 99.9)
      pairs = engines.filter(r => r.engine == engine && r.rate == rate).flatMap(r =>
        floors.get((rate, r.round)).map(r -> _)
      )
      if pairs.nonEmpty
    } yield FloorRatio(
      engine,
      rate,
      p,
      pairs.map((r, f) => r.at(p).toDouble / math.max(1L, f.at(p))),
      pairs.map(_._1.recorder.lateShare),
      pairs.map(_._2.recorder.lateShare)
    )
  }

  /**
   * `floorRatios` as lines under the table: the ratio in each round and the median; under p99, the shares of late
   * starts (median over rounds), which say whether either p99 fell in the backlog of the machine's pauses.
   */
  def floorRatioLines(ratios: Vector[FloorRatio]): Vector[String] =
    ratios.map { r =>
      val name = if (r.percentile == 99.0) "p99" else "p99.9"
      val late =
        if (r.percentile == 99.0)
          f"; late starts ${100 * medianOf(r.late)}%.2f%%, the floor's ${100 * medianOf(r.floorLate)}%.2f%%"
        else ""
      f"  ${r.engine} at ${r.rate}%d/s: $name over the floor's ${r.byRound.map(x => f"$x%.2fx").mkString(", ")}" +
        (if (r.byRound.size > 1) f"; median ${r.median}%.2fx" else "") + late
    }

  def json(results: Vector[LatencyResult], machine: Json, budgetNanos: Long): String = {
    val rs = results.map { r =>
      Json.obj(
        "engine" -> Json.fromString(r.engine),
        "rate" -> Json.fromLong(r.rate.toLong),
        "round" -> Json.fromInt(r.round),
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
        "lateShare" -> Json.fromDoubleOrNull(r.recorder.lateShare),
        "naiveP99Ns" -> Json.fromLong(r.naiveAt(99)),
        "naiveMaxNs" -> Json.fromLong(r.recorder.naive.getMaxValue)
      )
    }
    Json.obj("machine" -> machine, "budgetNs" -> Json.fromLong(budgetNanos), "results" -> Json.arr(rs*)).spaces2
  }
}
