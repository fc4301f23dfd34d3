package mvt.reporting.journal

import cats.effect.{FiberIO, IO, Outcome}
import cats.syntax.all.*
import mvt.core.Timestamp
import mvt.reporting.store.{FeedOffset, ReportStore}
import mvt.reporting.live.FoldWatcher
import mvt.reporting.{FeedBytes, FeedLine, PnlFold}

import java.nio.file.Path
import java.util.concurrent.atomic.{AtomicBoolean, AtomicReference}
import scala.collection.mutable
import scala.concurrent.duration.*

/**
 * Folds a journal's feeds into the store as they grow. Sessions go in name order, each fully before the next.
 * Within the session still being written, a line is folded only once the quote feed has reached its time:
 * every trade changes the top of its book, so its quote line follows it, and reading the quotes before the
 * trades means no earlier trade can still be missing (the writer flushes a command's trades before its
 * quotes). Each poll commits the fold's new figures and state with the offsets of the last lines folded, in
 * one transaction. Not thread-safe: one fiber polls; `state` may be read from any thread.
 */
final class Ingest private (
    store: ReportStore,
    dir: Path,
    fold: PnlFold,
    offsets: mutable.Map[String, FeedOffset],
    chunkBytes: Int,
    watcher: FoldWatcher
) {

  import Ingest.*
  private var current: Open = null
  private val parse = new FeedBytes
  private val now = new AtomicReference[State](State.Following)
  // the offsets folded through but not yet taken into a batch, by file name (`offsets` holds them already)
  private val untaken = mutable.LinkedHashMap.empty[String, FeedOffset]
  private var untakenLines = 0L

  /** Where ingest stands: following, retrying a commit that failed (and why), or stopped (and why). */
  def state: State = now.get

  /** The failure that stopped ingest, if one did. */
  def failed: Option[IngestFailure] = state match {
    case State.Stopped(f) => Some(f)
    case _ => None
  }

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
    // whether a line of each feed was read here: before one is, the time to keep to is the last folded line's
    var tradesAny = false
    var quotesAny = false

    /** Carries over what `before`, the same session read while it was live, had read and folded. */
    def continue(before: Open): Unit = {
      pendingTrades = before.pendingTrades
      pendingQuotes = before.pendingQuotes
      tradesAtBytes = before.tradesAtBytes
      tradesAtLine = before.tradesAtLine
      quotesAtBytes = before.quotesAtBytes
      quotesAtLine = before.quotesAtLine
      quoteClock = before.quoteClock
      lastTime = before.lastTime
      tradesRead = before.tradesRead
      quotesRead = before.quotesRead
      tradesAny = before.tradesAny
      quotesAny = before.quotesAny
      // the new tails must start where the old ones stopped reading, not at the folded offsets
      trades.skipTo(before.trades)
      quotes.skipTo(before.quotes)
    }

    def offsetsNow(done: Boolean): List[FeedOffset] = List(
      FeedOffset(nameOf(session.trades), tradesAtBytes, tradesAtLine, done),
      FeedOffset(nameOf(session.quotes), quotesAtBytes, quotesAtLine, done)
    )
  }

  /**
   * Reads what the feeds gained, folds what can be folded and commits it. The number of lines folded; 0 when
   * there was nothing new (or ingest has stopped: see `failed`). A commit that fails fails the poll.
   */
  def poll: IO[Int] =
    if (failed.isDefined) IO.pure(0)
    else
      IO.blocking { val s = stepFolded(); (s.folded, takeBatch()) }
        .flatMap((folded, b) => b.fold(IO.unit)(store.write(_).void).as(folded))

  /** Polls until a poll folds nothing: everything the journal holds now is in the store. A failed commit fails it. */
  def catchUp: IO[Unit] = drive(None, _ => IO.unit)

  /**
   * Follows the journal like `tail -f`: polls, and sleeps `idle` whenever a poll finds nothing new. A commit that
   * fails (a full disk, say) is retried every `idle` until it succeeds, `onRetry` told the reason when the
   * trouble starts and None when it is over, and the state says `Retrying` meanwhile. Returns (after
   * `onFailure`) only if ingest stops on bad data.
   */
  def follow(
      idle: FiniteDuration,
      onFailure: IngestFailure => IO[Unit],
      onRetry: Option[String] => IO[Unit] = _ => IO.unit
  ): IO[Unit] =
    drive(Some(idle), onRetry) >> failed.fold(IO.unit)(onFailure)

  /** Records that ingest stopped for a reason of its own (an unexpected error), unless it stopped already. */
  def stop(f: IngestFailure): Unit = { val _ = now.getAndUpdate(_.stopped(f)) }

  // Reads and folds while the previous batch is written (SQLite on one core, the feeds on the other), and takes
  // the next batch of everything folded meanwhile as soon as that write is done: the fold, and the live figures
  // watching it, never wait for a commit. Ends when nothing is new and everything folded is committed, or,
  // with `idle`, sleeps that long then and goes on until ingest stops. A step that folds nothing may still
  // have read something (a header alone, or trades past the watermark), which is not the end.
  private def drive(idle: Option[FiniteDuration], onRetry: Option[String] => IO[Unit]): IO[Unit] = {
    def commit(b: ReportStore.Batch): IO[Unit] = idle match {
      case None => store.write(b).void
      case Some(d) => retrying(store.write(b).void, d, onRetry)
    }
    // the write under way, and whether it has ended; the loop below is its only reader
    var writing: Option[(FiberIO[Unit], AtomicBoolean)] = None
    def written: IO[Unit] = writing.fold(IO.unit) { (f, _) =>
      f.join.flatMap {
        case Outcome.Succeeded(_) => IO { writing = None }
        case Outcome.Errored(e) => IO { writing = None } >> IO.raiseError(e)
        case Outcome.Canceled() => IO { writing = None } >> IO.canceled
      }
    }
    def startWrite: IO[Boolean] = written >> IO(takeBatch()).flatMap {
      case None => IO.pure(false)
      case Some(b) =>
        val ended = new AtomicBoolean(false)
        commit(b).guarantee(IO(ended.set(true))).start.flatMap(f => IO { writing = Some((f, ended)) }).as(
          true
        )
    }
    def go: IO[Unit] =
      if (failed.isDefined) startWrite >> written
      else
        IO.blocking(stepFolded()).flatMap { s =>
          val progressed = s.folded > 0 || s.readAny
          writing match {
            case Some((f, ended)) if !ended.get =>
              // the write runs on: keep folding, and when the feeds have nothing new look again shortly; a
              // catch-up that outruns the store waits for it, so that one transaction stays bounded
              if (untakenLines >= BatchLines) startWrite >> go
              else if (progressed) go
              else IO.race(f.join, IO.sleep(idle.fold(LiveTick)(_.min(LiveTick)))) >> go
            case _ =>
              startWrite.flatMap { started =>
                if (started || progressed) go
                else idle.fold(written)(d => IO.sleep(d) >> go)
              }
          }
        }
    go.onCancel(IO.defer(writing.fold(IO.unit)((f, _) => f.join.void)))
  }

  // the write tried again every `every` until it succeeds: the batch is kept, so nothing folded is lost
  private def retrying(
      write: IO[Unit],
      every: FiniteDuration,
      onRetry: Option[String] => IO[Unit]
  ): IO[Unit] =
    write.handleErrorWith {
      case e: java.sql.SQLException => trouble(e, every, write, onRetry)
      case e: java.io.IOException => trouble(e, every, write, onRetry)
      case e => IO.raiseError(e)
    }

  private def trouble(
      e: Exception,
      every: FiniteDuration,
      write: IO[Unit],
      onRetry: Option[String] => IO[Unit]
  ): IO[Unit] = {
    val reason = s"cannot commit to the store: ${Option(e.getMessage).getOrElse(e.getClass.getSimpleName)}"
    val first = IO(now.getAndUpdate(_.retrying(reason))).map(_ == State.Following)
    first.flatMap(f => onRetry(Some(reason)).whenA(f)) >> IO.sleep(every) >>
      write.flatMap(_ => IO(now.getAndUpdate(_.recovered)) >> onRetry(None)).handleErrorWith {
        case e: java.sql.SQLException => trouble(e, every, write, onRetry)
        case e: java.io.IOException => trouble(e, every, write, onRetry)
        case other => IO.raiseError(other)
      }
  }

  // one step's work, its live figures published and a refusal recorded; the offsets it moved wait in `untaken`
  private def stepFolded(): Step = {
    val s = step()
    watcher.folded(fold)
    s.refused.foreach(f => now.getAndUpdate(_.stopped(f)))
    untakenLines += s.folded
    s.offsets.foreach { o =>
      offsets.update(o.path, o)
      untaken.update(o.path, o)
    }
    s
  }

  // everything folded since the last batch, with the offsets of the last lines folded of each feed
  private def takeBatch(): Option[ReportStore.Batch] =
    if (untaken.isEmpty) None
    else {
      val b = store.take(fold, untaken.values.toVector)
      untaken.clear()
      untakenLines = 0
      Some(b)
    }

  private def doneWith(s: Journal.Session): Boolean =
    offsets.get(nameOf(s.trades)).exists(_.done) && offsets.get(nameOf(s.quotes)).exists(_.done)

  // one poll's work: the lines folded, the offsets to commit with them, and a refusal that stops ingest
  private def step(): Step =
    Journal.listed(dir) match {
      case Left(f) => Step.refused(f)
      case Right(sessions) =>
        sessions.find(!doneWith(_)) match {
          case None => Step.nothing
          case Some(s) =>
            Journal.notRegular(s) match {
              case Some(f) => Step.refused(f)
              case None =>
                if (current == null || current.session.name != s.name) current = new Open(s)
                else if (s.finished && !current.session.finished) {
                  // the session just ended: keep what was read, now allowed to drain
                  val o = new Open(s)
                  o.continue(current)
                  current = o
                }
                try advance(current)
                catch {
                  case e: FeedTail.Shrunk =>
                    Step.refused(IngestFailure.BadFile(
                      e.path,
                      e.getMessage.stripPrefix(e.path.toString + ": ")
                    ))
                  case e: java.io.IOException =>
                    Step.refused(IngestFailure.BadFile(
                      s.trades,
                      s"cannot read the session's feeds: ${e.getMessage}"
                    ))
                }
            }
        }
    }

  private def advance(o: Open): Step = {
    // quotes first: every trade line written before the last quote read is then visible below; the trades are
    // read even past a bad quote line, so that what came before it can be folded
    val quotesRead = readQuotes(o)
    val tradesRead = readTrades(o)
    val refused = quotesRead.refused.orElse(tradesRead.refused)
    val draining = o.session.finished && o.quotes.atEnd && o.trades.atEnd && refused.isEmpty
    // nothing later than the last trade read is folded while the trade feed may hold more before the quote
    // clock: when one poll's read stopped short of its end, or when a line was refused (the refused line, put
    // right, must still find its hours open)
    val watermark =
      if (draining) Long.MaxValue
      else if (refused.isDefined || !o.trades.atEnd) math.min(o.quoteClock, o.tradesRead)
      else o.quoteClock
    val folded = foldUpTo(o, watermark)
    val unfinished =
      if (draining && (o.quotes.partialAtEnd || o.trades.partialAtEnd)) {
        val f = if (o.trades.partialAtEnd) o.trades else o.quotes
        Some(IngestFailure.BadLine(
          f.path,
          f.lastLine + 1,
          "the session is over but its last line has no newline"
        ))
      } else None
    val stop = refused.orElse(unfinished)
    val done = draining && stop.isEmpty && o.pendingTrades.isEmpty && o.pendingQuotes.isEmpty
    if (done && o.lastTime != Long.MinValue) fold.closeThrough(o.lastTime)
    val now = o.offsetsNow(done)
    val moved = now.exists(f => !offsets.get(f.path).contains(f))
    Step(folded + (if (done) 1 else 0), if (moved) now else Nil, quotesRead.any || tradesRead.any, stop)
  }

  // folds the pending lines at or before `watermark` in time order, a trade before the quote of its own time
  // (the quote line follows the trades it reflects); the number folded
  private def foldUpTo(o: Open, watermark: Long): Int = {
    var folded = 0
    val pt = o.pendingTrades
    val pq = o.pendingQuotes
    var more = true
    while (more) {
      val t = !pt.isEmpty && pt.time(pt.first) <= watermark
      val q = !pq.isEmpty && pq.time(pq.first) <= watermark
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
    folded
  }

  // a polled chunk's lines in order until one is refused (`line` of its index and line number: why, or None);
  // inline with its body, so each feed's loop compiles as written out
  private inline def readLines(c: FeedTail.Chunk)(inline line: (Int, Long) => Option[IngestFailure]): Read = {
    var refused: Option[IngestFailure] = None
    var i = 0
    while (i < c.count && refused.isEmpty) {
      refused = line(i, c.number(i))
      i += 1
    }
    Read(c.count > 0, refused)
  }

  private def readQuotes(o: Open): Read = {
    val c = o.quotes.poll(chunkBytes)
    val rows = o.pendingQuotes
    readLines(c) { (i, number) =>
      if (number == 1L)
        FeedLine.header(c.text(i)).map(e => IngestFailure.BadLine(o.quotes.path, 1L, e.detail)).orElse {
          o.quotesAtBytes = c.endOffset(i)
          o.quotesAtLine = 1L
          None
        }
      else
        parse.quoteLine(c.bytes, c.from(i), c.to(i), number) match {
          case Some(e) => Some(IngestFailure.BadLine(o.quotes.path, e.line, e.detail))
          case None =>
            inOrder(o.quotesRead, o.quotesAny, o.quotes.path, parse.time, number).orElse {
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
              o.quotesAny = true
              None
            }
        }
    }
  }

  private def readTrades(o: Open): Read = {
    val c = o.trades.poll(chunkBytes)
    val rows = o.pendingTrades
    readLines(c) { (i, number) =>
      parse.tradeLine(c.bytes, c.from(i), c.to(i), number) match {
        case Some(e) => Some(IngestFailure.BadLine(o.trades.path, e.line, e.detail))
        case None =>
          inOrder(o.tradesRead, o.tradesAny, o.trades.path, parse.time, number)
            .orElse(behindFolded(o.trades.path, parse.time, number))
            .orElse {
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
              o.tradesAny = true
              None
            }
      }
    }
  }

  // a line earlier than the one before it could rewrite closed hours: refused like a malformed one
  private def inOrder(
      before: Long,
      lineAbove: Boolean,
      path: Path,
      time: Long,
      number: Long
  ): Option[IngestFailure] =
    Option.when(time < before)(IngestFailure.BadLine(path, number, FeedLine.timeGoesBack(lineAbove, before)))

  // a trade earlier than a line already folded (a quote line of a later time, read before it): its hour may be
  // closed, and the writer puts a command's trades before its quotes, so the feed is out of order
  private def behindFolded(path: Path, time: Long, number: Long): Option[IngestFailure] =
    Option.when(time < fold.now)(
      IngestFailure.BadLine(
        path,
        number,
        s"the trade is at ${Timestamp.fromEpochNanos(time).render}, before ${Timestamp.fromEpochNanos(fold.now).render} " +
          "that the quote feed already reached: a trade line must come before the quote line of a later time"
      )
    )
}

object Ingest {

  // offsets are kept by file name: the journal directory may be named differently, or moved, between runs
  private def nameOf(p: Path): String = p.getFileName.toString

  /** How soon a follower looks at the feeds again while a commit runs and they had nothing new. */
  val LiveTick: FiniteDuration = 10.millis

  /** Lines folded while a commit runs beyond which the fold waits for it: a bound on the next transaction. */
  val BatchLines: Long = 1L << 18

  /** About how much of each feed one poll reads, which bounds one transaction. */
  val ChunkBytes: Int = 16 << 20

  /** Where ingest stands. Immutable. */
  enum State {

    /** Reading and committing as the feeds grow. */
    case Following

    /** A commit failed for `reason` and is being tried again; nothing folded is lost. */
    case Retrying(reason: String)

    /** Stopped for good: bad data, or an error that retrying cannot mend. */
    case Stopped(failure: IngestFailure)

    def retrying(reason: String): State = this match {
      case s: Stopped => s
      case _ => Retrying(reason)
    }
    def recovered: State = this match {
      case _: Retrying => Following
      case other => other
    }
    def stopped(f: IngestFailure): State = this match {
      case s: Stopped => s
      case _ => Stopped(f)
    }
  }

  // one feed's read in a poll: whether it read any line, and the line it refused, if one
  private final case class Read(any: Boolean, refused: Option[IngestFailure])

  // one poll: the lines folded, the offsets to commit, whether any line was read, a refusal, and the batch taken
  private final case class Step(
      folded: Int,
      offsets: List[FeedOffset],
      readAny: Boolean,
      refused: Option[IngestFailure]
  )

  private object Step {
    val nothing: Step = Step(0, Nil, false, None)
    def refused(f: IngestFailure): Step = Step(0, Nil, false, Some(f))
  }

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
