package mvt.bench.report

import io.circe.Json
import mvt.bench.{PassMeter, PassResult, ThroughputBench}
import mvt.reporting.PnlFold
import mvt.reporting.baseline.NaiveTrendReport

import java.math.BigDecimal

/**
 * `mvt bench report`'s measurements. The fold part: the client-report fold's throughput in trade lines per
 * second on one core (pure, nothing persisted) over a generated multi-day session, against the old design
 * (`NaiveTrendReport`) in the same run, each report of every client recomputed from the stored trades as a
 * click storm would. The ingest (SQLite) and portal-load parts belong beside it, as further results of
 * `ReportBench`, sharing the machine line and the JSON document (`"fold"` is one key of it).
 */
object ReportBench {

  /** The fold part's settings: the session generated, passes timed after `warmups` untimed ones. */
  final case class FoldConfig(shape: ReportFeed.Shape, repeats: Int, warmups: Int, feePerShare: BigDecimal) {
    require(repeats >= 1 && warmups >= 0, s"repeats >= 1 and warmups >= 0: $this")
  }

  /** One contender's timed passes over the same trades. */
  final case class Passes(name: String, trades: Long, passes: Vector[PassResult], cpuNanos: Vector[Long]) {
    private val sorted = passes.sortBy(_.nanos)
    val median: PassResult = sorted(sorted.size / 2)
    private def perSecond(nanos: Long): Double = trades * 1e9 / math.max(1L, nanos)
    def tradesPerSecond: Double = perSecond(median.nanos)

    /** Trades per second of this thread's CPU time, median pass: the one-core rate, whatever else ran. */
    def tradesPerCpuSecond: Double = perSecond(cpuNanos.sorted.apply(cpuNanos.size / 2))
    def fastest: Double = perSecond(sorted.head.nanos)
    def slowest: Double = perSecond(sorted.last.nanos)
    def bytesPerTrade: Option[Double] = ThroughputBench.ratio(median.allocatedBytes.toDouble, trades.toDouble)
  }

  /** The fold part's figures: the session, the fold, the baseline, and what the fold's last report held. */
  final case class FoldResult(
      config: FoldConfig,
      lines: Int,
      clients: Int,
      rows: Int,
      fold: Passes,
      naive: Passes
  ) {

    /** How many times the baseline's rate the fold's is, medians of the same run. */
    def speedup: Option[Double] = ThroughputBench.ratio(fold.tradesPerSecond, naive.tradesPerSecond)

    /** The same ratio from CPU time. */
    def cpuSpeedup: Option[Double] = ThroughputBench.ratio(fold.tradesPerCpuSecond, naive.tradesPerCpuSecond)
  }

  /** Runs the fold part: generates the session once, then times the fold and the baseline over it. */
  def fold(config: FoldConfig, progress: String => Unit): FoldResult = {
    progress(s"generating ${config.shape.render}")
    val feed = ReportFeed.generate(config.shape)
    val clients = feed.accounts
    var rows = 0
    var last: PnlFold = null
    def foldPass(): Long = {
      val f = new PnlFold(config.feePerShare)
      val n = feed.replay(f)
      last = f
      n.toLong
    }
    // after each pass, untimed, the report at the last closed hour: what the fold computed is used
    def report(): Unit =
      if (last.lastClosedHour != Long.MinValue) rows = last.report(last.lastClosedHour).size
    progress("timing the fold")
    val folds = timed(config, () => foldPass(), () => report())
    val store = NaiveTrendReport.store(feed.tradeRecords)
    val at = Math.floorDiv(feed.end, PnlFold.NanosPerHour) * PnlFold.NanosPerHour
    def naivePass(): Long = {
      val r = new NaiveTrendReport(store)
      var i = 0
      var symbols = 0
      while (i < clients.size) { symbols += r.trends(clients(i), at).size; i += 1 }
      if (symbols < 0) throw new IllegalStateException("unreachable: keeps the reports alive")
      feed.trades.toLong
    }
    progress("timing the baseline (every client's report recomputed)")
    val naives = timed(config, () => naivePass(), () => ())
    FoldResult(
      config,
      feed.size,
      clients.size,
      rows,
      Passes("fold", feed.trades.toLong, folds._1, folds._2),
      Passes("naive", feed.trades.toLong, naives._1, naives._2)
    )
  }

  // each pass measured for its wall time (PassResult) and this thread's CPU time: on a shared machine the two
  // part, and the CPU time is the one-core figure; `after` runs untimed after each pass
  private def timed(
      config: FoldConfig,
      pass: () => Long,
      after: () => Unit
  ): (Vector[PassResult], Vector[Long]) = {
    var w = 0
    while (w < config.warmups) { val _ = pass(); after(); w += 1 }
    val results = Vector.newBuilder[PassResult]
    val cpu = Vector.newBuilder[Long]
    var i = 0
    while (i < config.repeats) {
      val c0 = threads.getCurrentThreadCpuTime
      results += PassMeter.measure(pass())
      cpu += threads.getCurrentThreadCpuTime - c0
      after()
      i += 1
    }
    (results.result(), cpu.result())
  }

  private val threads = java.lang.management.ManagementFactory.getThreadMXBean

  /** The fold part as a table: one line per contender, rates as medians with the spread over the passes. */
  def table(r: FoldResult): String = {
    def line(p: Passes, ratio: String, cpuRatio: String) =
      f"  ${p.name}%-6s ${p.tradesPerSecond / 1e6}%8.3f M/s  (${p.slowest / 1e6}%.3f to ${p.fastest / 1e6}%.3f)  ${p.tradesPerCpuSecond / 1e6}%8.3f M/s  ${p.bytesPerTrade.fold("-")(b => f"$b%.0f")}%8s B/trade  ${p.median.gcCount}%3d GCs  $ratio%8s  $cpuRatio%8s"
    val header =
      f"  ${"report"}%-6s ${"trades/s"}%12s  (slowest to fastest)  ${"per CPU s"}%12s  ${"allocated"}%14s  ${"GC"}%7s  ${"vs naive"}%8s  ${"(CPU)"}%8s"
    Vector(
      f"Fold: ${r.config.shape.render}: ${r.fold.trades}%,d trades in ${r.lines}%,d feed lines, ${r.clients}%,d clients, ${r.rows}%,d rows in the last report",
      f"${r.config.repeats} timed passes after ${r.config.warmups} warm-ups, one thread, nothing persisted; the naive report recomputes every client's trends from the stored trades",
      header,
      line(r.fold, r.speedup.fold("-")(s => f"$s%.1fx"), r.cpuSpeedup.fold("-")(s => f"$s%.1fx")),
      line(r.naive, "1.0x", "1.0x")
    ).mkString("\n")
  }

  /** The fold part as JSON (the `"fold"` key of the document). */
  def foldJson(r: FoldResult): Json = {
    def passes(p: Passes) =
      Json.obj(
        "trades" -> Json.fromLong(p.trades),
        "trades_per_second" -> Json.fromDoubleOrNull(p.tradesPerSecond),
        "slowest" -> Json.fromDoubleOrNull(p.slowest),
        "fastest" -> Json.fromDoubleOrNull(p.fastest),
        "trades_per_cpu_second" -> Json.fromDoubleOrNull(p.tradesPerCpuSecond),
        "bytes_per_trade" -> p.bytesPerTrade.fold(Json.Null)(Json.fromDoubleOrNull),
        "pass_nanos" -> Json.arr(p.passes.map(x => Json.fromLong(x.nanos))*),
        "pass_cpu_nanos" -> Json.arr(p.cpuNanos.map(Json.fromLong)*)
      )
    val s = r.config.shape
    Json.obj(
      "days" -> Json.fromInt(s.days),
      "commands_per_day" -> Json.fromInt(s.commandsPerDay),
      "accounts" -> Json.fromInt(s.accounts),
      "symbols" -> Json.fromInt(s.symbols),
      "seed" -> Json.fromLong(s.seed),
      "fee_per_share" -> Json.fromString(r.config.feePerShare.toPlainString),
      "feed_lines" -> Json.fromInt(r.lines),
      "clients" -> Json.fromInt(r.clients),
      "rows" -> Json.fromInt(r.rows),
      "fold" -> passes(r.fold),
      "naive" -> passes(r.naive),
      "speedup" -> r.speedup.fold(Json.Null)(Json.fromDoubleOrNull),
      "cpu_speedup" -> r.cpuSpeedup.fold(Json.Null)(Json.fromDoubleOrNull)
    )
  }

  /** The whole document: the machine and each part that ran, by name. */
  def json(parts: Vector[(String, Json)]): String =
    Json.obj(("machine" -> ThroughputBench.machineJson) +: parts*).spaces2
}
