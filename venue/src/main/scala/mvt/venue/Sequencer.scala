package mvt.venue

import mvt.core.*
import mvt.orderbook.TradingDay

import java.util.concurrent.ArrayBlockingQueue
import java.util.concurrent.atomic.AtomicReference
import java.util.concurrent.locks.LockSupport

/**
 * The engine thread: takes commands from the inbound ring in arrival order, gives each its sequence number and
 * the session clock, encodes its journal record, applies it to the trading day and keeps its outcome and feed
 * lines (as numbers, through `feeds`) in the current batch. It hands the batch to the commit thread as soon as
 * that thread is free, so one `fsync` covers everything that arrived while the previous one ran. It never waits
 * on a submitter; it waits on the commit thread only when its batch is full (`maxBatch`; one command under
 * `each`), and then it parks rather than spin, since on a small machine the commit thread may need that core.
 * `run` is the engine thread's body.
 */
final class Sequencer(
    ring: InboundRing,
    day: TradingDay,
    outcomes: OutcomeEvents,
    encoder: JournalEncoder,
    books: Array[Int],
    feeds: FeedRelay,
    replaying: Boolean,
    maxBatch: Int,
    minBatch: Int,
    firstSeq: Long,
    pending: Batch,
    stages: StageTimes // null but in benchmarks
) extends Runnable {

  /**
   * The batch the commit thread is committing (or about to); null while that thread is idle. The engine sets it,
   * the commit thread clears it once the batch is committed.
   */
  val handoff = new AtomicReference[Batch](null)

  /** Batches the commit thread has finished with. */
  val free = new ArrayBlockingQueue[Batch](4)
  free.add(new Batch(pending.maxCommands))
  free.add(new Batch(pending.maxCommands))

  @volatile var closeRequested = false
  @volatile var stopRequested = false
  @volatile var failed = false

  /** True once the engine has handed over its last batch. */
  @volatile var done = false

  /**
   * True while the engine waits for the commit slot with commands in its batch: only then does a finished commit
   * wake it (an engine with an empty batch has nothing to hand over, and waking it would cost a context switch a
   * commit, one an order at a few thousand orders a second without a force). Set by the engine before it waits, so
   * a commit thread that frees the slot after the engine's last look at it sees it (both volatile).
   */
  @volatile var holding = false

  private var current = pending
  private var seq = firstSeq - 1
  feeds.records = current.feeds

  // spin briefly for the next command, then park until a submitter, the commit thread or a stop wakes it (no
  // yields: on a busy core a yield can hand the rest of a time slice to a spinning neighbour, milliseconds). A
  // command waiting in the ring is work only while the batch has room: with a full batch the engine waits for the
  // commit slot parked, not spinning on the core the commit thread needs
  private val backoff = new Backoff(
    Sequencer.Spins,
    0,
    Sequencer.NapNanos,
    new Backoff.Work {
      def ready: Boolean =
        (ring.ready && current.count < maxBatch) || closeRequested || stopRequested || failed ||
          (!current.isEmpty && handoff.get == null)
    },
    Sequencer.MinSpins
  )

  /** Wakes the engine thread if it is parked: new commands, a free commit slot, a stop. Any thread; cheap. */
  def wake(): Unit = backoff.wake()

  /** The commit thread's own backoff, which `handOver` wakes. Set before the threads start. */
  var committerBackoff: Backoff = null

  def run(): Unit = {
    var finished = false
    var empty = 0 // looks at an empty ring since the last command taken, up to `SettleRounds`
    while (!finished) {
      var took = 0
      var stamped = false
      // at most a chunk between looks at the commit slot: with the ring full, a batch goes once the commit thread
      // is free, not only once it holds `maxBatch` commands
      while (took < Sequencer.Chunk && current.count < maxBatch && ring.poll()) {
        if (!replaying && !stamped) { stamp(wallClock()); stamped = true }
        apply(ring.takenCommand, ring.takenReply, ring.takenAt)
        took += 1
      }
      if (took > 0) empty = 0 else if (empty < Sequencer.SettleRounds) empty += 1
      // a batch goes as soon as the commit thread is idle; with `minBatch` above one (no fsync to wait for, so
      // the commit thread is nearly always idle) only once it is that large or no command came for a while,
      // else the commit thread would spend a core on a few system calls for every handful of commands
      if (
        !current.isEmpty && handoff.get == null &&
        (current.count >= minBatch || empty >= Sequencer.SettleRounds)
      ) { handOver(); backoff.reset() }
      else if (took > 0) backoff.reset()
      else if (failed) finished = true
      else if ((closeRequested || stopRequested) && ring.size == 0) { finish(); finished = true }
      else {
        if (!holding && !current.isEmpty) holding = true
        val _ = backoff.pause()
      }
    }
    // whatever slipped in after the close: refused, never journaled
    while (ring.poll()) ring.takenReply.refused(Refusal.Closed)
  }

  // the wall clock in UTC; the journal's clock never goes back (JournalEncoder.time keeps the later one)
  private def wallClock(): Long = {
    val now = java.time.Instant.now()
    now.getEpochSecond * 1000000000L + now.getNano
  }

  private def stamp(nanos: Long): Unit = {
    current.room(64)
    if (encoder.time(current.journal, nanos)) day.time(Timestamp.fromEpochNanos(nanos))
  }

  private def apply(command: Command, reply: Reply, at: Long): Unit = {
    if (replaying && at >= 0L) stamp(at)
    current.room(64)
    // only a reply that waits for the events gets an Outcome; an AckReply gets the seq and clock alone
    val collect = (reply ne Reply.Ignore) && !reply.isInstanceOf[AckReply]
    outcomes.collecting = collect
    command match {
      case Command.Add(symbol, id, side, price, qty, account, tif) =>
        val sym = encoder.indexOf(symbol)
        encoder.add(current.journal, sym, id.value, side, price.raw, qty.units, account.value, tif)
        seq += 1
        day.add(books(sym), id, side, price, qty, account, tif)
      case Command.Modify(symbol, id, price, qty) =>
        val sym = encoder.indexOf(symbol)
        encoder.modify(current.journal, sym, id.value, price.raw, qty.units)
        seq += 1
        day.modify(books(sym), id, price, qty)
      case Command.Cancel(symbol, id) =>
        val sym = encoder.indexOf(symbol)
        encoder.cancel(current.journal, sym, id.value)
        seq += 1
        day.cancel(books(sym), id)
      case Command.Time(_) => () // refused at submission
    }
    if (stages ne null) stages.take(seq)
    val i = current.count
    current.replies(i) = reply
    current.seqs(i) = seq
    current.clocks(i) = day.now.epochNanos
    if (collect) current.outcomes(i) = Outcome(seq, day.now, outcomes.take())
    current.count = i + 1
  }

  private def handOver(): Unit = {
    if (holding) holding = false
    if (stages ne null) current.handedAt = System.nanoTime()
    handoff.set(current)
    committerBackoff.wake()
    current = free.take()
    feeds.records = current.feeds
  }

  private def finish(): Unit = {
    if (closeRequested) {
      current.room(64)
      encoder.trailer(current.journal)
      current.closing = true
    }
    if (!current.isEmpty) {
      while (handoff.get != null && !failed) LockSupport.parkNanos(20000L)
      handOver()
    }
    done = true
    committerBackoff.wake()
  }

  /** Commands sequenced so far, recovered ones included. */
  def lastSeq: Long = seq
}

object Sequencer {
  // up to a few microseconds of spinning before a park: a command that follows closely is taken without a
  // wake-up; the spins shrink towards `MinSpins` while commands come further apart than that (Backoff)
  inline val Spins = 200
  inline val MinSpins = 8
  // a parked engine is woken by whoever has work for it; the nap only bounds a missed wake-up
  inline val NapNanos = 1000000L
  // empty looks at the ring after which a batch below `minBatch` goes anyway (a microsecond or two)
  inline val SettleRounds = 50
  // commands taken between two looks at the commit slot
  inline val Chunk = 256
  // the smallest batch handed over while commands keep coming, when nothing is forced: about what group commit's
  // batches hold at full load (a force's worth), so that `none` does group's work less the force. Batches of
  // thousands (the former 4,096) made `none` slower than group: each batch's journal bytes, feed lines and replies,
  // written by the engine and read by the commit thread, no longer fit a core's cache beside the books
  inline val UnforcedBatch = 512
}
