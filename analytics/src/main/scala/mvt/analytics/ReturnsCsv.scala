package mvt.analytics

import java.io.Writer

/**
 * Writes return series as CSV `symbol,minute,return`: series in the order given, minutes in order,
 * returns in full double precision (the shortest text that reads back to the same double).
 */
object ReturnsCsv {

  val Header: String = "symbol,minute,return"

  def write(series: Iterable[MinuteSeries], out: Writer): Unit = {
    out.write(Header)
    out.write('\n')
    series.foreach { s =>
      var i = 0
      while (i < s.length) {
        out.write(s.symbol)
        out.write(',')
        out.write(s.minuteAt(i).iso)
        out.write(',')
        out.write(java.lang.Double.toString(s.values(i)))
        out.write('\n')
        i += 1
      }
    }
  }
}
