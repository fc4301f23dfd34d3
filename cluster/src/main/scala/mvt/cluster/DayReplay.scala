package mvt.cluster

import mvt.workload.{CommandSource, SourceError}

import java.io.InputStream

/** Checks a recorded day before a cluster plays it through the exchange's venue. */
object DayReplay {

  /**
   * Reads a day's whole command flow without playing it: its command count, or the error a replay would stop at.
   * A parent checks the day this way before it starts any node.
   */
  def check(in: InputStream): Either[SourceError, Long] =
    CommandSource.open(in).flatMap { source =>
      var total = 0L
      var n = source.nextBlock()
      while (n > 0) {
        total += n
        n = source.nextBlock()
      }
      source.error.filter(_ => n < 0).toLeft(total)
    }
}
