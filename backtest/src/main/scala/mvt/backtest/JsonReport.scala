package mvt.backtest

import io.circe.Json
import mvt.core.Money

/**
 * The `--json` report: the strategy, one object per day, the metrics. Money is a canonical decimal as a string
 * (`Money.render`), ratios are numbers, an undefined figure is `null`.
 */
object JsonReport {

  def apply(spec: StrategySpec, days: Vector[DayResult], m: Metrics): Json =
    Json.obj(
      "strategy" -> Json.fromString(spec.kind.label),
      "params" -> Json.obj(spec.kind.params.map((n, _) => n -> Json.fromLong(spec.params(n)))*),
      "days" -> Json.arr(days.map(day)*),
      "metrics" -> metrics(m)
    )

  def day(d: DayResult): Json =
    Json.obj(
      "date" -> Json.fromString(d.date.toString),
      "pnl" -> Json.fromString(Money.render(d.pnl)),
      "fills" -> Json.fromLong(d.fills),
      "volume" -> Json.fromLong(d.volume),
      "fees" -> Json.fromString(Money.render(d.fees)),
      "maxPosition" -> Json.fromLong(d.maxPosition)
    )

  def metrics(m: Metrics): Json = {
    def num(v: Option[Double]) = v.flatMap(Json.fromDouble).getOrElse(Json.Null)
    Json.obj(
      "days" -> Json.fromInt(m.days),
      "totalPnl" -> Json.fromString(Money.render(m.totalPnl)),
      "sharpe" -> num(m.sharpe),
      "sortino" -> num(m.sortino),
      "maxDrawdown" -> num(m.maxDrawdown),
      "winRate" -> num(m.winRate),
      "profitFactor" -> num(m.profitFactor),
      "expectancyPerFill" -> num(m.expectancyPerFill),
      "turnover" -> num(m.turnover),
      "totalFees" -> Json.fromString(Money.render(m.totalFees)),
      "totalSlippage" -> Json.fromString(Money.render(m.totalSlippage)),
      "fills" -> Json.fromLong(m.fills),
      "volume" -> Json.fromLong(m.volume)
    )
  }
}
