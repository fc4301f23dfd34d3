package mvt.backtest

import io.circe.Json

import java.math.BigDecimal

/**
 * The `--html` report: one self-contained page with the equity curve and the daily PnL drawn by uPlot, whose
 * script and style are read from its WebJar on the classpath and inlined, so the file opens anywhere offline.
 */
object HtmlReport {
  private val Root = "META-INF/resources/webjars/uplot/1.6.30/dist/"

  private def resource(name: String): String = {
    val in = getClass.getClassLoader.getResourceAsStream(Root + name)
    require(in != null, s"uPlot's $name is missing from the classpath")
    try new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
    finally in.close()
  }

  // a script body must not hold "</script"; JSON and uPlot's minified code are checked for it
  private def safe(js: String): String = js.replace("</script", "<\\/script")

  private def escape(s: String): String =
    s.flatMap {
      case '<' => "&lt;"
      case '>' => "&gt;"
      case '&' => "&amp;"
      case '"' => "&quot;"
      case c => c.toString
    }

  def apply(spec: StrategySpec, days: Vector[DayResult], m: Metrics, capital: BigDecimal): String = {
    val noon = days.map(d => Json.fromLong(d.date.toEpochDay * 86400L + 43200L))
    val equity = days.scanLeft(capital)((e, d) => e.add(d.pnl)).tail
    val data = Json.obj(
      "t" -> Json.arr(noon*),
      "equity" -> Json.arr(equity.map(e => Json.fromBigDecimal(scala.math.BigDecimal(e)))*),
      "pnl" -> Json.arr(days.map(d => Json.fromBigDecimal(scala.math.BigDecimal(d.pnl)))*)
    )
    val title = escape(s"${spec.kind.label} ${spec.render}")
    val summary = escape(JsonReport.metrics(m).spaces2)
    s"""<!DOCTYPE html>
       |<html lang="en"><head><meta charset="utf-8"><title>mvt backtest: $title</title>
       |<style>${resource("uPlot.min.css")}
       |body{font-family:sans-serif;margin:2em}pre{background:#f4f4f4;padding:1em}</style>
       |<script>${safe(resource("uPlot.iife.min.js"))}</script></head>
       |<body><h1>mvt backtest: $title</h1>
       |<h2>Equity</h2><div id="equity"></div>
       |<h2>Daily PnL</h2><div id="pnl"></div>
       |<h2>Metrics</h2><pre>$summary</pre>
       |<script>
       |const d = ${safe(data.noSpaces)};
       |const opts = (label, color) => ({width: 900, height: 300,
       |  series: [{}, {label: label, stroke: color, width: 2}]});
       |new uPlot(opts("equity", "#1f77b4"), [d.t, d.equity], document.getElementById("equity"));
       |const bars = uPlot.paths.bars({size: [0.6, 40]});
       |const p = opts("pnl", "#2ca02c"); p.series[1].paths = bars; p.series[1].fill = "#2ca02c80";
       |new uPlot(p, [d.t, d.pnl], document.getElementById("pnl"));
       |</script></body></html>
       |""".stripMargin
  }
}
