package mvt.venue

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** What a journal directory holds, day by day, read without changing anything (`mvt venue status`). */
object VenueStatus {

  /** One day: its journal's scan or damage, and its feed files' sizes. */
  final case class Day(
      name: String,
      scan: Option[JournalScan.Scan],
      damage: Option[JournalScan.Damage],
      tradeLines: Long,
      quoteLines: Long,
      ended: Boolean
  ) {
    def render: String = {
      val state = (scan, damage) match {
        case (_, Some(d)) => s"DAMAGED at ${d.render}; a venue will refuse it"
        case (Some(s), _) if s.closed => f"closed: ${s.commands}%,d commands in ${s.records}%,d records"
        case (Some(s), _) =>
          val torn = if (s.torn > 0) s"; a torn tail of ${s.torn} bytes that recovery will cut" else ""
          f"open: ${s.commands}%,d commands in ${s.records}%,d records$torn"
        case _ => "no journal"
      }
      val feeds = f"trades $tradeLines%,d lines, quotes ${math.max(0L, quoteLines - 1)}%,d lines" +
        (if (ended) ", DAY.end present" else "")
      s"$name: $state; $feeds"
    }
  }

  def days(dir: Path): Vector[Day] = {
    val names = {
      val s = Files.list(dir)
      try s.iterator.asScala.map(_.getFileName.toString).filter(_.endsWith(".mvtc")).map(_.dropRight(5))
          .toVector.sorted
      finally s.close()
    }
    names.map { n =>
      val c = VenueConfig(dir, n, Vector.empty)
      val scanned = JournalScan.scan(c.journal)
      Day(n, scanned.toOption, scanned.left.toOption, lines(c.trades), lines(c.quotes), Files.exists(c.end))
    }
  }

  private def lines(p: Path): Long =
    if (!Files.exists(p)) 0L
    else {
      val in = Files.newInputStream(p)
      try {
        val buf = new Array[Byte](1 << 16)
        var count = 0L
        var n = in.read(buf)
        while (n > 0) {
          var i = 0
          while (i < n) { if (buf(i) == '\n') count += 1; i += 1 }
          n = in.read(buf)
        }
        count
      } finally in.close()
    }
}
