package mvt.bench.latency

import scala.jdk.CollectionConverters.*

/**
 * A standalone HTML page with an SVG percentile-distribution chart: x is the percentile on a log scale of
 * 1/(1-p), y the latency on a log scale; one line per engine and rate. Needs no script or network to view.
 */
object PercentileChart {
  private val Width = 960
  private val Height = 540
  private val Left = 80
  private val Right = 220
  private val Top = 40
  private val Bottom = 60
  private val MaxX = 1e6 // 99.9999%
  private val Colors =
    Vector("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")

  private def points(r: LatencyResult): Vector[(Double, Double)] =
    r.h.percentiles(5).iterator().asScala.map { v =>
      val p = v.getPercentileLevelIteratedTo / 100.0
      (math.min(MaxX, 1.0 / math.max(1e-9, 1.0 - p)), math.max(1.0, v.getValueIteratedTo.toDouble))
    }.toVector

  def html(results: Vector[LatencyResult], title: String, subtitle: String): String = {
    val all = results.flatMap(points)
    val yMin = math.pow(10, math.floor(math.log10(all.map(_._2).minOption.getOrElse(1.0))))
    val yMax = math.pow(10, math.ceil(math.log10(all.map(_._2).maxOption.getOrElse(10.0) * 1.01)))
    val plotW = Width - Left - Right
    val plotH = Height - Top - Bottom
    def sx(x: Double) = Left + plotW * math.log10(x) / math.log10(MaxX)
    def sy(y: Double) =
      Top + plotH * (1 - (math.log10(y) - math.log10(yMin)) / (math.log10(yMax) - math.log10(yMin)))
    val xTicks = Vector(
      1.0 -> "0%",
      2.0 -> "50%",
      10.0 -> "90%",
      100.0 -> "99%",
      1e3 -> "99.9%",
      1e4 -> "99.99%",
      1e5 -> "99.999%",
      1e6 -> "99.9999%"
    )
    val yTicks = Iterator.iterate(yMin)(_ * 10).takeWhile(_ <= yMax * 1.001).toVector
    def label(ns: Double) = if (ns >= 1e9) f"${ns / 1e9}%.0f s"
    else if (ns >= 1e6) f"${ns / 1e6}%.0f ms" else if (ns >= 1e3) f"${ns / 1e3}%.0f µs" else f"$ns%.0f ns"
    val grid =
      xTicks.map((x, t) =>
        s"""<line x1="${sx(x)}" y1="$Top" x2="${sx(x)}" y2="${Top + plotH}" stroke="#ddd"/><text x="${sx(
            x
          )}" y="${Top + plotH + 20}" text-anchor="middle">$t</text>"""
      ) ++
        yTicks.map(y =>
          s"""<line x1="$Left" y1="${sy(y)}" x2="${Left + plotW}" y2="${sy(
              y
            )}" stroke="#ddd"/><text x="${Left - 8}" y="${sy(y) + 4}" text-anchor="end">${label(y)}</text>"""
        )
    val lines = results.zipWithIndex.map { (r, i) =>
      val c = Colors(i % Colors.size)
      val path = points(r).map((x, y) => f"${sx(x)}%.1f,${sy(y)}%.1f").mkString(" ")
      val ly = Top + 20 + i * 18
      s"""<polyline fill="none" stroke="$c" stroke-width="2" points="$path"/>""" +
        s"""<line x1="${Left + plotW + 15}" y1="$ly" x2="${Left + plotW + 35}" y2="$ly" stroke="$c" stroke-width="3"/>""" +
        s"""<text x="${Left + plotW + 40}" y="${ly + 4}">${r.engine} @ ${r.rate}/s (${r.handoff})${r
            .roundSuffix}</text>"""
    }
    s"""<!DOCTYPE html>
       |<html><head><meta charset="utf-8"><title>$title</title>
       |<style>body{font-family:sans-serif;margin:20px} text{font-size:12px;font-family:sans-serif}</style></head>
       |<body><h2>$title</h2><p>$subtitle</p>
       |<svg xmlns="http://www.w3.org/2000/svg" width="$Width" height="$Height">
       |<rect x="$Left" y="$Top" width="$plotW" height="$plotH" fill="none" stroke="#999"/>
       |${grid.mkString("\n")}
       |${lines.mkString("\n")}
       |<text x="${Left + plotW / 2}" y="${Height - 15}" text-anchor="middle">percentile (log scale of 1/(1-p))</text>
       |<text x="20" y="${Top + plotH / 2}" transform="rotate(-90 20 ${Top + plotH / 2})" text-anchor="middle">latency from intended start</text>
       |</svg></body></html>
       |""".stripMargin
  }
}
