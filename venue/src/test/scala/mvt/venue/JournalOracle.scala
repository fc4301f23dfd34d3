package mvt.venue

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.{CommandSource, SourceError}

import java.io.ByteArrayOutputStream
import java.nio.file.{Files, Path}

/**
 * What `mvt match` makes of a journal: its replay path (CommandSource into a TradingDay) run in-process over the
 * journal file, giving the trade feed, the quote feed and the final books. A journal still open ends without
 * its trailer; that is the one error accepted.
 */
object JournalOracle {

  final case class Result(
      trades: Array[Byte],
      quotes: Array[Byte],
      snapshot: Vector[Level],
      complete: Boolean
  )

  def run(journal: Path): Result = {
    val trades = new ByteArrayOutputStream
    val quotes = new ByteArrayOutputStream
    val tw = new TradeFeedWriter(trades)
    val qw = new QuoteFeedWriter(quotes)
    val day = new TradingDay(Engine.Fast, EventSink.Ignore, Some(tw), Some(qw))
    val in = Files.newInputStream(journal)
    val result =
      try CommandSource.open(in).flatMap(_.replayAll(day))
      finally in.close()
    val complete = result match {
      case Right(_) => true
      case Left(SourceError.Log(e)) if e.detail.contains("without its trailer") => false
      case Left(e) => throw new AssertionError(s"$journal does not replay: $e")
    }
    tw.flush()
    qw.flush()
    Result(trades.toByteArray, quotes.toByteArray, day.exchange.snapshot, complete)
  }

  /** The adds and cancels of a journal as (kind, id) pairs, in order (kind 1 add, 2 cancel). */
  def commandIds(journal: Path): Vector[(Int, Long)] = {
    val in = Files.newInputStream(journal)
    try {
      val src = CommandSource.open(in).toOption.get
      val out = Vector.newBuilder[(Int, Long)]
      var n = src.nextBlock()
      while (n > 0) {
        var i = 0
        while (i < n) {
          val k = src.columns.kinds(i).toInt
          if (k != CommandReader.Time) out += ((k, src.columns.ids(i)))
          i += 1
        }
        n = src.nextBlock()
      }
      out.result()
    } finally in.close()
  }
}
