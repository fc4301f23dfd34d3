package mvt.analytics

import java.io.Writer

/** Writes a [[ReturnsFrame]] as CSV: header `minute,SYM1,SYM2,...`, one row per minute, full double precision. */
object FrameCsv {

  def write(frame: ReturnsFrame, out: Writer): Unit = {
    out.write(("minute" +: frame.symbols).mkString(","))
    out.write('\n')
    var row = 0
    while (row < frame.rows) {
      out.write(frame.minuteAt(row).iso)
      frame.columns.foreach { column =>
        out.write(',')
        out.write(java.lang.Double.toString(column(row)))
      }
      out.write('\n')
      row += 1
    }
  }
}
