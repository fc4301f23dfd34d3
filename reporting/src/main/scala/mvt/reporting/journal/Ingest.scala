package mvt.reporting.journal

import cats.effect.IO
import cats.syntax.all.*
import mvt.core.FormatError
import mvt.reporting.store.{FeedOffset, ReportStore}
import mvt.reporting.live.FoldWatcher
import mvt.reporting.{FeedBytes, FeedLine, PnlFold}

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
    chunkBytes: Int,
    watcher: FoldWatcher
) {

  import Ingest.nameOf
  private var current: Open = null
  private val parse = new FeedBytes
  private var failure: Option[IngestFailure] = None
  // whether the last poll read any line: one that read only a header, or trades past the watermark, folds
  // nothing and yet is not the end
  private var readAny = false

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
    var pendingTrades = new PendingTrades
    var pendingQuotes = new PendingQuotes
    // the last folded line of each feed: (offset after it, its number)
    var tradesAtBytes: Long = trades.position
    var tradesAtLine: Long = trades.lastLine
    var quotesAtBytes: Long = quotes.position
    var quotesAtLine: Long = quotes.lastLine
    var quoteClock: Long = Long.MinValue
    var lastTime: Long = Long.MinValue
    // the time of the last line read from each feed: a feed's lines never go back
    var tradesRead: Long = fold.now
    var quotesRead: Long = fold.now

    def offsetsNow(done: Boolean): List[FeedOffset] = List(
      FeedOffset(nameOf(session.trades), tradesAtBytes, tradesAtLine, done),
      FeedOffset(nameOf(session.quotes), quotesAtBytes, quotesAtLine, done)
    )
  }

  /**
   * Reads what the feeds gained, folds what can be folded and commits it. The number of lines folded; 0 when
   * there was nothing new (or ingest has failed: see `failed`).
   */
  def poll: IO[Int] =
    if (failure.isDefined) IO { readAny = false; 0 }
    else
      IO.blocking(stepTaken()).flatMap((folded, batch) => batch.fold(IO.unit)(store.write(_).void).as(folded))

  /** Polls until a poll folds nothing: everything the journal holds now is in the store. */
  def catchUp: IO[Unit] = drive(None)

  // Polls, each poll's transaction written while the next poll reads and folds (SQLite on one core, the feeds
  // on the other), until nothing is new, or, with `idle`, sleeping that long then and going on until ingest
  // fails. A poll that folds nothing may still have read something (a header alone, or trades past the
  // watermark), which is not the end.
  private def drive(idle: Option[scala.concurrent.duration.FiniteDuration]): IO[Unit] = {
    def go(pending: Option[ReportStore.Batch]): IO[Unit] = {
      val write = pending.fold(IO.unit)(store.write(_).void)
      if (failure.isDefined) write
      else
        (write, IO.blocking(stepTaken())).parTupled.flatMap { case (_, (folded, batch)) =>
          if (batch.isDefined || folded > 0 || readAny) go(batch)
          else idle.fold(IO.unit)(d => IO.sleep(d) >> go(None))
        }
    }
    go(None)
  }

  // one poll's work, and what it produced taken from the fold, the offsets counted as committed
  private def stepTaken(): (Int, Option[ReportStore.Batch]) = {
    val (folded, offs) = step()
    watcher.folded(fold)
    if (offs.isEmpty) (folded, None)
    else {
      val b = store.take(fold, offs)
      offs.foreach(o => offsets.update(o.path, o))
      (folded, Some(b))
    }
  }

  /**
   * Follows the journal like `tail -f`: polls, and sleeps `idle` whenever a poll finds nothing new. Returns
   * (after `onFailure`) only if ingest stops on bad data.
   */
  def follow(idle: scala.concurrent.duration.FiniteDuration, onFailure: IngestFailure => IO[Unit]): IO[Unit] =
    drive(Some(idle)) >> failure.fold(IO.unit)(onFailure)

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
          o.pendingTrades = current.pendingTrades
          o.pendingQuotes = current.pendingQuotes
          o.tradesAtBytes = current.tradesAtBytes
          o.tradesAtLine = current.tradesAtLine
          o.quotesAtBytes = current.quotesAtBytes
          o.quotesAtLine = current.quotesAtLine
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
    val pt = o.pendingTrades
    val pq = o.pendingQuotes
    var more = true
    while (more) {
      val t = !pt.isEmpty && pt.time(pt.first) <= watermark
      val q = !pq.isEmpty && pq.time(pq.first) <= watermark
      // a trade before the quote of its own time: the quote line follows the trades it reflects
      if (t && (!q || pt.time(pt.first) <= pq.time(pq.first))) {
        val i = pt.first
        fold.trade(pt.time(i), pt.symbol(i), pt.price(i), pt.qty(i), pt.buy(i), pt.sell(i))
        o.tradesAtBytes = pt.end(i)
        o.tradesAtLine = pt.line(i)
        o.lastTime = pt.time(i)
        pt.removeFirst()
        folded += 1
      } else if (q) {
        val i = pq.first
        fold.quote(pq.time(i), pq.symbol(i), pq.bid(i), pq.ask(i), pq.twoSided(i))
        o.quotesAtBytes = pq.end(i)
        o.quotesAtLine = pq.line(i)
        o.lastTime = pq.time(i)
        pq.removeFirst()
        folded += 1
      } else more = false
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
    if (failure.isEmpty) {
      val c = o.quotes.poll(chunkBytes)
      val rows = o.pendingQuotes
      var i = 0
      while (i < c.count && failure.isEmpty) {
        readAny = true
        val number = c.number(i)
        if (number == 1L) {
          if (c.text(i) != FeedLine.QuoteHeader)
            failure =
              Some(IngestFailure.BadLine(o.quotes.path, 1L, s"expected the header ${FeedLine.QuoteHeader}"))
          else {
            o.quotesAtBytes = c.endOffset(i)
            o.quotesAtLine = 1L
          }
        } else
          parse.quoteLine(c.bytes, c.from(i), c.to(i), number) match {
            case Some(e) => bad(o.quotes.path, e)
            case None =>
              if (take(o.quotesRead, o.quotes.path, parse.time, number)) {
                rows.add(
                  parse.time,
                  parse.symbol,
                  parse.bid,
                  parse.ask,
                  parse.twoSided,
                  number,
                  c.endOffset(i)
                )
                o.quoteClock = parse.time
                o.quotesRead = parse.time
              }
          }
        i += 1
      }
    }

  private def readTrades(o: Open): Unit =
    if (failure.isEmpty) {
      val c = o.trades.poll(chunkBytes)
      val rows = o.pendingTrades
      var i = 0
      while (i < c.count && failure.isEmpty) {
        readAny = true
        val number = c.number(i)
        parse.tradeLine(c.bytes, c.from(i), c.to(i), number) match {
          case Some(e) => bad(o.trades.path, e)
          case None =>
            if (take(o.tradesRead, o.trades.path, parse.time, number)) {
              rows.add(
                parse.time,
                parse.symbol,
                parse.price,
                parse.qty,
                parse.buyAccount,
                parse.sellAccount,
                number,
                c.endOffset(i)
              )
              o.tradesRead = parse.time
            }
        }
        i += 1
      }
    }

  // a line earlier than the one before it could rewrite closed hours: refused like a malformed one
  private def take(before: Long, path: Path, time: Long, number: Long): Boolean = {
    if (time < before)
      failure = Some(IngestFailure.BadLine(path, number, "the time goes back, before the line above it"))
    failure.isEmpty
  }

  private def bad(path: Path, e: FormatError): Unit =
    failure = Some(IngestFailure.BadLine(path, e.line, e.detail))
}

object Ingest {

  // offsets are kept by file name: the journal directory may be named differently, or moved, between runs
  private def nameOf(p: Path): String = p.getFileName.toString

  /** About how much of each feed one poll reads, which bounds one transaction. */
  val ChunkBytes: Int = 16 << 20

  /**
   * Ingest over `store`, resumed from what it committed, reading about `chunkBytes` of each feed per poll, and
   * showing `watcher` the fold after each poll.
   */
  def apply(
      store: ReportStore,
      journal: Path,
      chunkBytes: Int = ChunkBytes,
      watcher: FoldWatcher = FoldWatcher.None
  ): IO[Ingest] =
    store.resume.map((fold, offsets) =>
      new Ingest(store, journal, fold, mutable.HashMap.from(offsets), chunkBytes, watcher)
    )
}
