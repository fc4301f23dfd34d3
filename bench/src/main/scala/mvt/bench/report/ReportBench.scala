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
  final case class Passes(name: String, trades: Long, passes: Vector[PassResult]) {
    private val sorted = passes.sortBy(_.nanos)
    val median: PassResult = sorted(sorted.size / 2)
    private def perSecond(nanos: Long): Double = trades * 1e9 / math.max(1L, nanos)
    def tradesPerSecond: Double = perSecond(median.nanos)
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
      hours: Long,
      fold: Passes,
      naive: Passes
  ) {

    /** How many times the baseline's rate the fold's is, medians of the same run. */
    def speedup: Option[Double] = ThroughputBench.ratio(fold.tradesPerSecond, naive.tradesPerSecond)
  }

  /** Runs the fold part: generates the session once, then times the fold and the baseline over it. */
  def fold(config: FoldConfig, progress: String => Unit): FoldResult = {
    progress(s"generating ${config.shape.render}")
    val feed = ReportFeed.generate(config.shape)
    val clients = feed.accounts
    var rows = 0
    var hours = 0L
    def foldPass(): Long = {
      val f = new PnlFold(config.feePerShare)
      val n = feed.replay(f)
      // the report at the last closed hour, so that nothing the fold computed is dead
      if (f.lastClosedHour != Long.MinValue) {
        rows = f.report(f.lastClosedHour).size
        hours = f.lastClosedHour
      }
      n.toLong
    }
    progress("timing the fold")
    val folds = timed(config, () => foldPass())
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
    val naives = timed(config, () => naivePass())
    FoldResult(
      config,
      feed.size,
      clients.size,
      rows,
      hours,
      Passes("fold", feed.trades.toLong, folds),
      Passes("naive", feed.trades.toLong, naives)
    )
  }

  private def timed(config: FoldConfig, pass: () => Long): Vector[PassResult] = {
    var w = 0
    while (w < config.warmups) { val _ = pass(); w += 1 }
    Vector.fill(config.repeats)(PassMeter.measure(pass()))
  }

  /** The fold part as a table: one line per contender, rates as medians with the spread over the passes. */
  def table(r: FoldResult): String = {
    def line(p: Passes, ratio: String) =
      f"  ${p.name}%-6s ${p.tradesPerSecond / 1e6}%10.3f M/s  (${p.slowest / 1e6}%.3f to ${p.fastest / 1e6}%.3f)  ${p.bytesPerTrade.fold("-")(b => f"$b%.0f")}%8s B/trade  ${p.median.gcCount}%3d GCs  $ratio"
    val header =
      f"  ${"report"}%-6s ${"trades/s"}%14s  (slowest to fastest pass)  ${"allocated"}%14s  ${"GC"}%7s  vs naive"
    Vector(
      f"Fold: ${r.config.shape.render}: ${r.fold.trades}%,d trades in ${r.lines}%,d feed lines, ${r.clients}%,d clients, ${r.rows}%,d rows in the last report",
      f"${r.config.repeats} timed passes after ${r.config.warmups} warm-ups, one thread, nothing persisted; the naive report recomputes every client's trends from the stored trades",
      header,
      line(r.fold, r.speedup.fold("-")(s => f"$s%.1fx")),
      line(r.naive, "1.0x")
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
        "bytes_per_trade" -> p.bytesPerTrade.fold(Json.Null)(Json.fromDoubleOrNull),
        "pass_nanos" -> Json.arr(p.passes.map(x => Json.fromLong(x.nanos))*)
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
      "speedup" -> r.speedup.fold(Json.Null)(Json.fromDoubleOrNull)
    )
  }

  /** The whole document: the machine and each part that ran, by name. */
  def json(parts: Vector[(String, Json)]): String =
    Json.obj(("machine" -> ThroughputBench.machineJson) +: parts*).spaces2
}
