package mvt.venue

import mvt.core.*
import mvt.workload.{CommandBatch, CommandSource, SourceError}

import java.nio.file.{Files, Path}

/**
 * A recorded day to replay through the venue: its commands in memory, its name (the date of its first `time`
 * command, else the file's name without extension) and the speed (`None`: as fast as the venue takes them).
 * Immutable.
 */
final case class RecordedDay(commands: CommandBatch, name: String, speed: Option[Double]) {

  /** The session clock in effect at command `i`: the last `time` command before it, or the epoch. */
  def clockAt(i: Int): Long = {
    var k = math.min(i, commands.size) - 1
    while (k >= 0 && !commands.isTime(k)) k -= 1
    if (k < 0) 0L else commands.time(k)
  }
}

object RecordedDay {

  /** Reads a commands file or command log; the error names the file and what is wrong. */
  def load(path: Path, speed: Option[Double]): Either[String, RecordedDay] = {
    val in = Files.newInputStream(path)
    try
      CommandSource.open(in).flatMap(_.readAll()) match {
        case Left(SourceError.Format(e)) => Left(s"$path: ${e.render}")
        case Left(SourceError.Log(e)) => Left(s"$path: ${e.render}")
        case Right(b) =>
          var i = 0
          while (i < b.size && !b.isTime(i)) i += 1
          val name =
            if (i < b.size) Timestamp.fromEpochNanos(b.time(i)).toInstant.atZone(java.time.ZoneOffset.UTC)
              .toLocalDate.toString
            else path.getFileName.toString.takeWhile(_ != '.')
          Right(RecordedDay(b, name, speed))
      }
    finally in.close()
  }

  /**
   * Follows the journal's commands during recovery and advances through the recorded day while they match it,
   * so a restarted replay goes on after the last recorded command the journal holds. Not thread-safe.
   */
  final class Matcher(day: CommandBatch) {
    var cursor = 0
    private var nextCommand = skipTimes(0)

    private def skipTimes(from: Int): Int = {
      var i = from
      while (i < day.size && day.isTime(i)) i += 1
      i
    }

    /** One journaled add (`isAdd`) or cancel. */
    def journaled(
        isAdd: Boolean,
        symbol: Symbol,
        id: Long,
        side: Int,
        price: Long,
        qty: Long,
        account: Int
    ): Unit =
      if (nextCommand < day.size) {
        val k = nextCommand
        val same =
          day.isAdd(k) == isAdd && day.id(k) == id && day.symbols(day.symbolIndex(k)) == symbol &&
            (!isAdd || (day.side(k).code == side && day.price(k) == price && day.qty(k) == qty &&
              day.account(k) == account))
        if (same) { cursor = k + 1; nextCommand = skipTimes(k + 1) }
      }
  }
}
