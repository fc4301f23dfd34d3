package mvt.backtest

import mvt.core.Money

/** The text a backtest prints: a line per day, the metrics a line each, the ranked table of a sweep. */
object SummaryText {

  val DayHeader: String =
    f"${"date"}%-10s  ${"pnl"}%14s  ${"fills"}%8s  ${"volume"}%11s  ${"fees"}%12s  ${"max position"}%12s"

  def day(d: DayResult): String = {
    val left = if (d.unflattened > 0) f"  (${d.unflattened}%,d units left open, marked at the mid)" else ""
    f"${d.date}  ${Money.render(d.pnl)}%14s  ${d.fills}%,8d  ${d.volume}%,11d  ${Money.render(d.fees)}%12s  ${d.maxPosition}%,12d$left"
  }

  private def ratio(v: Option[Double]): String = v.fold("undefined")(x => f"$x%.4f")
  private def percent(v: Option[Double]): String = v.fold("undefined")(x => f"${x * 100}%.4f%%")

  /**
   * What a single run prints: the strategy, a line per completed day, the partial-result label when some of the
   * `dayCount` days failed, and the metrics.
   */
  def single(spec: StrategySpec, results: Vector[DayResult], m: Metrics, dayCount: Int): Vector[String] =
    Vector(s"${spec.kind.label} ${spec.render}", DayHeader) ++ results.map(day) ++
      partial(results.size, dayCount) ++ metrics(m)

  /** What a sweep prints: its size, the partial-result label when some combination failed a day, the ranked table. */
  def sweep(kind: StrategyKind, combinations: Int, dayCount: Int, rows: Vector[Sweep.Row]): Vector[String] =
    Vector(f"${kind.label}: $combinations%,d combinations over $dayCount%,d days, ranked by sharpe") ++
      partialSweep(rows) ++ (SweepHeader +: rows.zipWithIndex.map((r, i) => sweepRow(i + 1, r)))

  /**
   * The label put above the metrics when some days failed: they are then the figures of the days that completed
   * only, a partial result. None when every day completed.
   */
  def partial(completed: Int, days: Int): Option[String] =
    Option.when(completed < days)(
      f"partial result: $completed%,d of $days%,d days completed; the figures below leave the ${days - completed}%,d " +
        "failed day(s) out"
    )

  /** The label put above a sweep's table when some combination had a failed day (its `failed` column). */
  def partialSweep(rows: Vector[Sweep.Row]): Option[String] = {
    val hit = rows.count(_.outcome.failures.nonEmpty)
    Option.when(hit > 0)(
      f"partial result: $hit%,d combination(s) had failed days; their figures leave those days out (column failed)"
    )
  }

  /** The metrics, one `name  value` line each. */
  def metrics(m: Metrics): Vector[String] =
    Vector(
      "days" -> m.days.toString,
      "total PnL" -> Money.render(m.totalPnl),
      "sharpe" -> ratio(m.sharpe),
      "sortino" -> ratio(m.sortino),
      "max drawdown" -> percent(m.maxDrawdown),
      "win rate (days)" -> percent(m.winRate),
      "profit factor" -> ratio(m.profitFactor),
      "expectancy/fill" -> ratio(m.expectancyPerFill),
      "turnover" -> ratio(m.turnover),
      "total fees" -> Money.render(m.totalFees),
      "total slippage" -> Money.render(m.totalSlippage),
      "fills" -> f"${m.fills}%,d",
      "volume" -> f"${m.volume}%,d"
    ).map((k, v) => f"$k%-16s $v")

  val SweepHeader: String =
    f"${"rank"}%4s  ${"parameters"}%-36s  ${"sharpe"}%10s  ${"sortino"}%10s  ${"total pnl"}%14s  ${"max dd"}%10s  ${"fills"}%8s  failed"

  def sweepRow(rank: Int, r: Sweep.Row): String =
    f"$rank%4d  ${r.spec.render}%-36s  ${ratio(r.metrics.sharpe)}%10s  ${ratio(r.metrics.sortino)}%10s  ${Money.render(r.metrics.totalPnl)}%14s  ${percent(r.metrics.maxDrawdown)}%10s  ${r.metrics.fills}%,8d  ${r.outcome.failures.size}"
}
