package mvt.reporting.journal

import cats.effect.IO
import mvt.core.FormatError
import mvt.reporting.store.{FeedOffset, ReportStore}
import mvt.reporting.{FeedLine, PnlFold}

import java.nio.file.Path
import scala.collection.mutable

/**
 * Folds a journal's feeds into the store as they grow. Sessions go in name order, each fully before the next.
 * Within the session still being written, a line is folded only once the quote feed has reached its time:
 * every trade changes the top of its book, so its quote line follows it, and reading the quotes before the
 * trades means no earlier trade can still be missing (the writer flushes a command's trades before its
 * quotes). Each poll commits the fold's new figures and state with the offsets of the last lines folded, in
 * one transaction. Not thread-safe: one fiber polls.
 */
final class Ingest private (
    store: ReportStore,
    dir: Path,
    fold: PnlFold,
    offsets: mutable.Map[String, FeedOffset],
    chunkBytes: Int
) {

  import Ingest.nameOf
  private var current: Open = null
  private var failure: Option[IngestFailure] = None

  /** The failure that stopped ingest, if one did. */
  def failed: Option[IngestFailure] = failure

  /** The last whole hour closed, in epoch hours (Long.MinValue before any). */
  def lastClosedHour: Long = fold.lastClosedHour

  private final class Open(val session: Journal.Session) {
    private def tail(p: Path) = {
      val o = offsets.get(nameOf(p))
      new FeedTail(p, o.fold(0L)(_.bytes), o.fold(0L)(_.line))
    }
    val trades: FeedTail = tail(session.trades)
    val quotes: FeedTail = tail(session.quotes)
    // lines read but not folded yet, in file order, each with its number and the offset after it
    val pendingTrades = mutable.ArrayDeque.empty[(FeedLine.Trade, Long, Long)]
    val pendingQuotes = mutable.ArrayDeque.empty[(FeedLine.Quote, Long, Long)]
    // the last folded line of each feed: (offset after it, its number)
    var tradesAt: (Long, Long) = (trades.position, trades.lastLine)
    var quotesAt: (Long, Long) = (quotes.position, quotes.lastLine)
    var quoteClock: Long = Long.MinValue
    var lastTime: Long = Long.MinValue
    // the time of the last line read from each feed: a feed's lines never go back
    var tradesRead: Long = fold.now
    var quotesRead: Long = fold.now

    def offsetsNow(done: Boolean): List[FeedOffset] = List(
      FeedOffset(nameOf(session.trades), tradesAt._1, tradesAt._2, done),
      FeedOffset(nameOf(session.quotes), quotesAt._1, quotesAt._2, done)
    )
  }

  /**
   * Reads what the feeds gained, folds what can be folded and commits it. The number of lines folded; 0 when
   * there was nothing new (or ingest has failed: see `failed`).
   */
  def poll: IO[Int] =
    if (failure.isDefined) IO { readAny = false; 0 }
    else
      IO.blocking(step()).flatMap { (folded, offs) =>
        if (offs.isEmpty) IO.pure(folded)
        else
          store.commit(fold, offs).map { _ =>
            offs.foreach(o => offsets.update(o.path, o))
            folded
          }
      }

  /** Polls until a poll folds nothing: everything the journal holds now is in the store. */
  def catchUp: IO[Unit] =
    poll.flatMap(n => if (failure.isEmpty && (n > 0 || readAny)) catchUp else IO.unit)

  // whether the last poll read any line: one that read only a header, or trades past the watermark, folds
  // nothing and yet is not the end
  private var readAny = false

  /**
   * Follows the journal like `tail -f`: polls, and sleeps `idle` whenever a poll finds nothing new. Returns
   * (after `onFailure`) only if ingest stops on bad data.
   */
  def follow(idle: scala.concurrent.duration.FiniteDuration, onFailure: IngestFailure => IO[Unit]): IO[Unit] =
    poll.flatMap { n =>
      failure match {
        case Some(f) => onFailure(f)
        case None => (if (n == 0) IO.sleep(idle) else IO.unit) >> follow(idle, onFailure)
      }
    }

  private def doneWith(s: Journal.Session): Boolean =
    offsets.get(nameOf(s.trades)).exists(_.done) && offsets.get(nameOf(s.quotes)).exists(_.done)

  // one poll's work: (lines folded, the offsets to commit with it)
  private def step(): (Int, List[FeedOffset]) = {
    readAny = false
    val sessions =
      try Journal.sessions(dir)
      catch {
        case e: java.io.IOException =>
          failure = Some(IngestFailure.BadFile(dir, s"cannot list the journal: ${e.getMessage}"))
          Vector.empty
      }
    sessions.find(!doneWith(_)) match {
      case None => (0, Nil)
      case Some(s) =>
        if (current == null || current.session.name != s.name) current = new Open(s)
        else if (s.finished && !current.session.finished) {
          // the session just ended: keep what was read, now allowed to drain
          val o = new Open(s)
          o.pendingTrades ++= current.pendingTrades
          o.pendingQuotes ++= current.pendingQuotes
          o.tradesAt = current.tradesAt
          o.quotesAt = current.quotesAt
          o.quoteClock = current.quoteClock
          o.lastTime = current.lastTime
          o.tradesRead = current.tradesRead
          o.quotesRead = current.quotesRead
          // the new tails must start where the old ones stopped reading, not at the folded offsets
          o.trades.skipTo(current.trades)
          o.quotes.skipTo(current.quotes)
          current = o
        }
        try advance(current)
        catch {
          case e: FeedTail.Shrunk =>
            failure = Some(IngestFailure.BadFile(e.path, e.getMessage.stripPrefix(e.path.toString + ": ")))
            (0, Nil)
          case e: java.io.IOException =>
            failure =
              Some(IngestFailure.BadFile(s.trades, s"cannot read the session's feeds: ${e.getMessage}"))
            (0, Nil)
        }
    }
  }

  private def advance(o: Open): (Int, List[FeedOffset]) = {
    // quotes first: every trade line written before the last quote read is then visible below
    readQuotes(o)
    // the trades are read even past a bad quote line, so that what came before it can be folded
    val quoteFailure = failure
    failure = None
    readTrades(o)
    failure = quoteFailure.orElse(failure)
    val draining = o.session.finished && o.quotes.atEnd && o.trades.atEnd && failure.isEmpty
    // nothing later than the last trade read is folded while the trade feed may hold more before the quote
    // clock: when one poll's read stopped short of its end, or when a line was refused (the refused line, put
    // right, must still find its hours open)
    val watermark =
      if (draining) Long.MaxValue
      else if (failure.isDefined || !o.trades.atEnd) math.min(o.quoteClock, o.tradesRead)
      else o.quoteClock
    var folded = 0
    var more = true
    while (more) {
      val t = o.pendingTrades.headOption.filter(_._1.time <= watermark)
      val q = o.pendingQuotes.headOption.filter(_._1.time <= watermark)
      (t, q) match {
        case (Some(tr), _) if q.forall(tr._1.time <= _._1.time) =>
          val x = tr._1
          fold.trade(x.time, x.symbol, x.price, x.qty, x.buyAccount, x.sellAccount)
          o.pendingTrades.removeHead()
          o.tradesAt = (tr._3, tr._2)
          o.lastTime = x.time
          folded += 1
        case (_, Some(qu)) =>
          val x = qu._1
          fold.quote(x.time, x.symbol, x.bid, x.ask, x.twoSided)
          o.pendingQuotes.removeHead()
          o.quotesAt = (qu._3, qu._2)
          o.lastTime = x.time
          folded += 1
        case _ => more = false
      }
    }
    if (draining && (o.quotes.partialAtEnd || o.trades.partialAtEnd)) {
      val f = if (o.trades.partialAtEnd) o.trades else o.quotes
      failure = Some(IngestFailure.BadLine(
        f.path,
        f.lastLine + 1,
        "the session is over but its last line has no newline"
      ))
    }
    val done = draining && failure.isEmpty && o.pendingTrades.isEmpty && o.pendingQuotes.isEmpty
    if (done && o.lastTime != Long.MinValue) fold.closeThrough(o.lastTime)
    val now = o.offsetsNow(done)
    val moved = now.exists(f => !offsets.get(f.path).contains(f))
    (folded + (if (done) 1 else 0), if (moved) now else Nil)
  }

  private def readQuotes(o: Open): Unit =
    if (failure.isEmpty)
      o.quotes.poll(chunkBytes).iterator.takeWhile(_ => failure.isEmpty).foreach { l =>
        readAny = true
        if (l.number == 1L) {
          if (l.text != FeedLine.QuoteHeader)
            failure =
              Some(IngestFailure.BadLine(o.quotes.path, 1L, s"expected the header ${FeedLine.QuoteHeader}"))
          else o.quotesAt = (l.end, 1L)
        } else
          FeedLine.quote(l.number, l.text) match {
            case Right(q) =>
              if (take(o.quotesRead, o.quotes.path, q.time, l)) {
                o.pendingQuotes += ((q, l.number, l.end))
                o.quoteClock = q.time
                o.quotesRead = q.time
              }
            case Left(e) => bad(o.quotes.path, e)
          }
      }

  private def readTrades(o: Open): Unit =
    if (failure.isEmpty)
      o.trades.poll(chunkBytes).iterator.takeWhile(_ => failure.isEmpty).foreach { l =>
        readAny = true
        FeedLine.trade(l.number, l.text) match {
          case Right(t) =>
            if (take(o.tradesRead, o.trades.path, t.time, l)) {
              o.pendingTrades += ((t, l.number, l.end))
              o.tradesRead = t.time
            }
          case Left(e) => bad(o.trades.path, e)
        }
      }

  // a line earlier than the one before it could rewrite closed hours: refused like a malformed one
  private def take(before: Long, path: Path, time: Long, l: FeedTail.Line): Boolean = {
    if (time < before)
      failure = Some(IngestFailure.BadLine(path, l.number, "the time goes back, before the line above it"))
    failure.isEmpty
  }

  private def bad(path: Path, e: FormatError): Unit =
    failure = Some(IngestFailure.BadLine(path, e.line, e.detail))
}

object Ingest {

  // offsets are kept by file name: the journal directory may be named differently, or moved, between runs
  private def nameOf(p: Path): String = p.getFileName.toString

  /** About how much of each feed one poll reads, which bounds one transaction. */
  val ChunkBytes: Int = 4 << 20

  /** Ingest over `store`, resumed from what it committed, reading about `chunkBytes` of each feed per poll. */
  def apply(store: ReportStore, journal: Path, chunkBytes: Int = ChunkBytes): IO[Ingest] =
    store.resume.map((fold, offsets) =>
      new Ingest(store, journal, fold, mutable.HashMap.from(offsets), chunkBytes)
    )
}
