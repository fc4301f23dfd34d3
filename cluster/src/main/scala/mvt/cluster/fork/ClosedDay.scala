package mvt.cluster.fork

import mvt.venue.{JournalScan, RecordedDay, VenueConfig}

import java.nio.file.{Files, Path}

/**
 * A day that `mvt cluster --dir DIR` already played to its close: the exchange's journal in DIR ends with the
 * session's trailer, and the venue never reopens a closed day, so a run on DIR stops before any node starts.
 * Immutable.
 */
final case class ClosedDay(day: String, dir: Path, journal: Path) {

  /** What the operator is told, and how to play the day again. */
  def render: String =
    s"the day $day in $dir is already closed (its journal $journal ends with the session's trailer) and a " +
      "closed day is not reopened: give another --dir to play the day again"
}

object ClosedDay {

  /**
   * The day `data` replays, if the exchange's directory in `nodeDir` (as [[ForkedCluster.Plan]] lays it out) holds
   * its journal, closed. The day is read only when that directory holds a journal at all.
   */
  def in(data: Path, nodeDir: Path): Option[ClosedDay] = {
    val exchange = nodeDir.resolve("exchange")
    if (!hasJournal(exchange)) None
    else RecordedDay.load(data, None).toOption.flatMap(day => closed(day.name, exchange, nodeDir))
  }

  /** `day` if the exchange's journal directory `dir` (`mvt node --role exchange --dir`) holds its journal, closed. */
  def at(day: RecordedDay, dir: Path): Option[ClosedDay] = closed(day.name, dir, dir)

  private def closed(day: String, exchangeDir: Path, shown: Path): Option[ClosedDay] = {
    val journal = VenueConfig(exchangeDir, day, Vector.empty).journal
    if (!Files.exists(journal)) None
    else JournalScan.scan(journal).toOption.filter(_.closed).map(_ => ClosedDay(day, shown, journal))
  }

  private def hasJournal(dir: Path): Boolean =
    Files.isDirectory(dir) && {
      val s = Files.list(dir)
      try s.anyMatch(_.getFileName.toString.endsWith(".mvtc"))
      finally s.close()
    }
}
