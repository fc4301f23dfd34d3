package mvt.venue

import mvt.core.{QuoteFeedWriter, TradeFeedWriter}

import java.nio.channels.FileChannel

/**
 * The commit thread: writes each batch's journal records, forces them to the disk (per `durability`), and only
 * then formats and appends the batch's feed lines and releases its replies; then it tops up the journal's space
 * ahead (`JournalFile`). At the session's close it writes the trailer's batch after the last record (the space ahead
 * dropped first) and `DAY.end` after the last lines; at a stop it drops the space ahead. `run` is the commit
 * thread's body; it ends when the engine is done or on an I/O failure.
 */
final class Committer(
    sequencer: Sequencer,
    journal: JournalFile,
    trades: FeedFile,
    quotes: FeedFile,
    durability: Durability,
    endMarker: java.nio.file.Path,
    onFailure: Throwable => Unit,
    stages: StageTimes // null but in benchmarks
) extends Runnable {

  @volatile private var durable = 0L

  // the batches' feed lines are formatted here rather than on the engine thread, the venue's one serial stage;
  // the quote writer's header goes nowhere: the file has it from the start of the day
  private val tradesOut = new SwitchableOut(java.io.OutputStream.nullOutputStream())
  private val quotesOut = new SwitchableOut(java.io.OutputStream.nullOutputStream())
  private val tradeWriter = new TradeFeedWriter(tradesOut)
  private val quoteWriter = new QuoteFeedWriter(quotesOut)
  quoteWriter.flush()

  /** Commands durable so far in this run (not counting recovered ones). */
  def durableCommands: Long = durable

  // spin a little for the next batch, then park until the engine hands one over (it wakes this thread); no
  // yields, as on the engine thread. The spins shrink while batches come further apart than they last (a few
  // thousand commands a second without a force: one batch a command), so this thread does not spend a core's time
  // spinning after every commit that the gateway or the engine could use
  private[venue] val backoff = new Backoff(
    100,
    0,
    Sequencer.NapNanos,
    new Backoff.Work { def ready: Boolean = sequencer.handoff.get != null || sequencer.done },
    Sequencer.MinSpins
  )

  def run(): Unit =
    try {
      var going = true
      while (going) {
        // the slot is emptied only once its batch is committed: the engine hands over the next batch when this
        // thread is idle, so a command waits for at most the commit running when it arrived and its own
        val b = sequencer.handoff.get
        if (b != null) {
          commit(b)
          sequencer.handoff.set(null)
          if (sequencer.holding) sequencer.wake() // an engine holding a batch for the slot
          backoff.reset()
        } else if (sequencer.done) {
          // the engine sets the slot before `done`: a last batch is seen here
          val last = sequencer.handoff.get
          if (last != null) { commit(last); sequencer.handoff.set(null) }
          // a stopped journal ends at its last record, as an appended one would: its next start continues there
          if (journal.spaceAhead > 0L) {
            journal.cut()
            if (durability != Durability.None) journal.force()
          }
          going = false
        } else { val _ = backoff.pause() }
      }
    } catch {
      case e: Throwable =>
        sequencer.failed = true
        sequencer.wake()
        onFailure(e)
    }

  private def commit(b: Batch): Unit = {
    val buf = b.journal
    buf.flip()
    val wrote = buf.remaining
    // the trailer goes after the last record with no space behind it: a closed journal is a whole command log, and
    // a crash before its force leaves an open journal with a torn tail, as without the space
    if (b.closing) journal.cut()
    journal.append(buf)
    val wroteAt = if (stages ne null) System.nanoTime() else 0L
    if (wrote > 0 && durability != Durability.None) journal.force()
    val forcedAt = if (stages ne null) System.nanoTime() else 0L
    tradesOut.target = b.trades
    quotesOut.target = b.quotes
    b.feeds.formatInto(tradeWriter, quoteWriter)
    trades.append(b.trades)
    quotes.append(b.quotes)
    if (stages ne null) stages.committed(b, wroteAt, forcedAt, System.nanoTime())
    var i = 0
    while (i < b.count) {
      val r = b.replies(i)
      val o = b.outcomes(i)
      if (o != null) r.done(o)
      else
        r match {
          case a: AckReply => a.acked(b.seqs(i), b.clocks(i))
          case _ => ()
        }
      i += 1
    }
    durable += b.count
    if (b.closing) {
      java.nio.file.Files.write(endMarker, Array.emptyByteArray)
      Committer.forceDirectory(endMarker.getParent)
    } else journal.topUp(wrote.toLong)
    b.reset()
    sequencer.free.put(b)
  }
}

object Committer {

  /** Forces a directory's entries (a file created in it) to the disk. */
  def forceDirectory(dir: java.nio.file.Path): Unit =
    try {
      val ch = FileChannel.open(dir)
      try ch.force(true)
      finally ch.close()
    } catch {
      case _: java.io.IOException =>
        () // some file systems cannot open a directory; the data itself is forced
    }
}
