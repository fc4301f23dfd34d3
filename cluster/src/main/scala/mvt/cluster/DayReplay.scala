package mvt.cluster

import mvt.workload.{CommandSource, SourceError}

import java.io.InputStream

/**
 * Replays a day's command flow into the exchange's [[ExchangeDay]], a block of up to 8,192 commands at a time,
 * on the calling thread (the engine's): the day paces itself by its clock and takes the traders' orders between
 * commands. `stop` ends the replay early between blocks.
 */
object DayReplay {

  /** The number of commands applied, or the error that ended the source (the caller names the file). */
  def run(in: InputStream, day: ExchangeDay, stop: () => Boolean): Either[SourceError, Long] =
    CommandSource.open(in).flatMap { source =>
      var total = 0L
      var n = source.nextBlock()
      while (n > 0 && !stop()) {
        source.replayBlock(day)
        val _ = day.drain()
        total += n
        n = source.nextBlock()
      }
      source.error.filter(_ => n < 0).toLeft(total)
    }

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
