package mvt.core

import java.io.OutputStream

/** Writes book levels as the spec's snapshot lines, in the order given. */
object SnapshotWriter {
  def write(levels: Iterable[Level], out: OutputStream): Unit = {
    val w = new AsciiOutput(out)
    levels.foreach { l =>
      w.ascii("level,").ascii(l.symbol.name).comma().ascii(l.side.render).comma().price(l.price).comma()
        .long(l.totalQty.units).comma().long(l.orderCount.toLong).newline()
    }
    w.flush()
  }
}
