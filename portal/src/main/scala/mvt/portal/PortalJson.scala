package mvt.portal

import io.circe.Json
import mvt.core.Timestamp
import mvt.reporting.{Change, Money, SymbolPerformance}

import java.math.BigDecimal

/** The JSON API's shapes: money as canonical decimal strings (exact), instants in the canonical ISO form. */
object PortalJson {

  def money(v: BigDecimal): Json = Json.fromString(Money.render(v))

  def instant(hour: Long): Json = Json.fromString(Hours.render(hour))

  def change(c: Change): Json =
    Json.obj("change" -> money(c.amount), "trend" -> Json.fromString(c.trend.word))

  def symbol(p: SymbolPerformance): Json = Json.obj(
    "symbol" -> Json.fromString(p.symbol),
    "position" -> Json.fromLong(p.position),
    "realized" -> money(p.realized),
    "unrealized" -> money(p.unrealized),
    "fees" -> money(p.fees),
    "pnl" -> money(p.pnl),
    "lastHour" -> change(p.lastHour),
    "lastDay" -> change(p.lastDay),
    "last7Days" -> change(p.last7Days)
  )

  def performance(account: Int, hour: Long, rows: Vector[SymbolPerformance]): Json = {
    val t = Totals(rows)
    Json.obj(
      "account" -> Json.fromInt(account),
      "at" -> instant(hour),
      "symbols" -> Json.arr(rows.map(symbol)*),
      "total" -> Json.obj(
        "pnl" -> money(t.pnl),
        "lastHour" -> change(t.lastHour),
        "lastDay" -> change(t.lastDay),
        "last7Days" -> change(t.last7Days)
      )
    )
  }

  def series(account: Int, symbol: Option[String], points: Vector[(Long, BigDecimal)]): Json = Json.obj(
    "account" -> Json.fromInt(account),
    "symbol" -> symbol.fold(Json.Null)(Json.fromString),
    "points" -> Json.arr(points.map((h, v) => Json.obj("hour" -> instant(h), "pnl" -> money(v)))*)
  )

  def error(status: Int, message: String): Json =
    Json.obj("status" -> Json.fromInt(status), "error" -> Json.fromString(message))

  /** Renders an instant given in epoch nanoseconds (for fields that are not whole hours). */
  def at(nanos: Long): Json = Json.fromString(Timestamp.fromEpochNanos(nanos).render)
}

/** An account's figures summed over its symbols. */
final case class Totals(pnl: BigDecimal, lastHour: Change, lastDay: Change, last7Days: Change)

object Totals {
  def apply(rows: Vector[SymbolPerformance]): Totals = {
    def sum(f: SymbolPerformance => BigDecimal) = rows.foldLeft(BigDecimal.ZERO)((a, r) => a.add(f(r)))
    Totals(
      sum(_.pnl),
      Change(sum(_.lastHour.amount)),
      Change(sum(_.lastDay.amount)),
      Change(sum(_.last7Days.amount))
    )
  }
}
