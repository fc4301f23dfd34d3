package mvt.venue

import mvt.core.*
import mvt.orderbook.TradingDay
import mvt.workload.CommandLog

import java.nio.channels.FileChannel
import java.nio.file.{Files, StandardOpenOption}
import java.util.concurrent.{CompletableFuture, FutureTask}
import scala.concurrent.{Future, Promise}

/**
 * A live exchange for one trading day: one sequencer over a bounded inbound queue, a write-ahead journal
 * (`DAY.mvtc`) committed in groups before any outcome leaves, the trade and quote feeds (`DAY.trades.csv`,
 * `DAY.quotes.csv`, `DAY.end` at the close) and recovery of all of it on open. Open with `Venue.open`.
 * `submit` may be called from any thread.
 */
final class Venue private (
    val config: VenueConfig,
    val recovery: Recovery,
    ring: InboundRing,
    traded: SymbolSet,
    sequencer: Sequencer,
    committer: Committer,
    day: TradingDay,
    closeables: List[AutoCloseable]
) {
  @volatile private var accepting = true
  private val finished = new CompletableFuture[Unit]()
  private var threads: List[Thread] = Nil

  /**
   * Offers a command: a refusal at once (nothing journaled), or `None` and later `reply.done` on the commit
   * thread once the command is durable. Never blocks; allocates nothing when accepted.
   */
  def submit(command: Command, reply: Reply): Option[Refusal] = offer(command, reply, -1L)

  /** `submit` with a future of the outcome. */
  def submit(command: Command): Either[Refusal, Future[Outcome]] = {
    val p = Promise[Outcome]()
    val r = new Reply {
      def done(o: Outcome): Unit = p.success(o)
      override def refused(why: Refusal): Unit = p.failure(new IllegalStateException(why.reason))
    }
    submit(command, r).toLeft(p.future)
  }

  // the refusals without a detail of the command, made once: a submitter retrying a full queue in a loop
  // would otherwise make garbage that the engine pays for in collections
  private val queueFull: Option[Refusal] = Some(Refusal.QueueFull(ring.capacity))
  private val closed: Option[Refusal] = Some(Refusal.Closed)
  private val clockCommand: Option[Refusal] = Some(Refusal.ClockCommand)

  private[venue] def offer(command: Command, reply: Reply, at: Long): Option[Refusal] =
    if (!accepting) closed
    else
      command match {
        case Command.Time(_) => clockCommand
        case Command.Add(s, _, _, _, _, _, _) if !traded.contains(s.name) => Some(Refusal.UnknownSymbol(s))
        case Command.Modify(s, _, _, _) if !traded.contains(s.name) => Some(Refusal.UnknownSymbol(s))
        case Command.Cancel(s, _) if !traded.contains(s.name) => Some(Refusal.UnknownSymbol(s))
        case _ =>
          if (ring.offer(command, reply, at)) { sequencer.wake(); None }
          else queueFull
      }

  /** Closes the session after every command offered so far: the trailer, a final commit, then `DAY.end`. */
  def closeSession(): Unit = { accepting = false; sequencer.closeRequested = true; sequencer.wake() }

  /** Stops after a final commit of every command offered so far; the session stays open for a restart. */
  def stop(): Unit = { accepting = false; sequencer.stopRequested = true; sequencer.wake() }

  /** Completes when the venue has stopped or closed and its files are closed; fails on an I/O error. */
  def terminated: CompletableFuture[Unit] = finished

  /** Commands sequenced so far, recovered ones included. */
  def sequenced: Long = sequencer.lastSeq

  /** Commands made durable by this run. */
  def durableInThisRun: Long = committer.durableCommands

  /** The books' depth once the venue has terminated (the engine thread has ended; for checks and status). */
  def snapshotAfterStop: Vector[Level] = {
    require(finished.isDone, "the venue is still running")
    day.exchange.snapshot
  }

  /** The symbols traded, in the journal's order. */
  def symbols: Vector[Symbol] = config.symbols

  /**
   * Starts the replay of the recorded day that `Venue.open(..., holdReplay = true)` held back (nothing without
   * one, or once started): a submitter that rebuilds its own state from the recovered journal first.
   */
  def releaseReplay(): Unit = synchronized {
    held.foreach(_.start())
    held = None
  }

  @volatile private var held: Option[Thread] = None

  private[venue] def start(replay: Option[(RecordedDay, Int)], holdReplay: Boolean): Unit = {
    val engine = new Thread(sequencer, s"venue-engine-${config.day}")
    val commit = new Thread(committer, s"venue-commit-${config.day}")
    val feeder = replay.map { (day, from) =>
      new Thread(new ReplayFeeder(this, day, from), s"venue-replay-${config.day}")
    }
    if (holdReplay) held = feeder
    threads = List(engine, commit) ++ feeder.filterNot(_ => holdReplay)
    val watcher = new Thread(
      () => {
        engine.join()
        commit.join()
        closeables.foreach(c => c.close())
        if (!sequencer.failed) { val _ = finished.complete(()) }
      },
      s"venue-watch-${config.day}"
    )
    watcher.setDaemon(true)
    threads.foreach(_.start())
    watcher.start()
  }

  private[venue] def fail(e: Throwable): Unit = {
    accepting = false
    val _ = finished.completeExceptionally(e)
  }
}

/** What recovery found and did; all zero for a new day. */
final case class Recovery(
    commands: Long,
    records: Long,
    tornBytes: Long,
    tradesCut: Long,
    quotesCut: Long,
    feedsDiverged: Boolean, // lines cut that the journal's cut tail had implied
    nanos: Long,
    replayResumeAt: Int
) {

  /** One line for stderr. */
  def render(day: String): String = {
    val secs = nanos / 1e9
    val rate = if (nanos > 0) f" (${commands / secs / 1e6}%.1fM commands/s)" else ""
    val torn = if (tornBytes > 0) s"; cut a torn tail of $tornBytes bytes" else ""
    val feeds =
      if (feedsDiverged)
        s"; WARNING: the feeds held lines no durable command implies (trades $tradesCut bytes, quotes $quotesCut bytes cut)"
      else if (tradesCut + quotesCut > 0)
        s"; cut torn feed tails (trades $tradesCut bytes, quotes $quotesCut bytes)"
      else ""
    f"venue: recovered $commands commands of $day.mvtc in $secs%.3f s$rate$torn$feeds"
  }
}

/** Why a venue could not open. */
enum VenueError {

  /** The journal is damaged before its tail; nothing was changed. Exit status 2. */
  case Damaged(path: java.nio.file.Path, damage: JournalScan.Damage)

  /** The day's journal is closed (its trailer written and `DAY.end` present); it cannot take more commands. */
  case AlreadyClosed(day: String)

  /** A feed file is not a prefix of the feed the journal implies; nothing was changed. Exit status 2. */
  case FeedDamaged(path: java.nio.file.Path, offset: Long, detail: String)

  def render: String = this match {
    case Damaged(p, d) => s"$p: ${d.render}; the journal is damaged before its tail, nothing was changed"
    case AlreadyClosed(d) => s"the session $d is closed: its journal ends with a trailer"
    case FeedDamaged(p, at, d) =>
      s"$p: byte offset $at: $d; the feed is not a prefix of what the journal implies, nothing was changed"
  }
}

object Venue {

  /**
   * Opens the day in `config.dir`: recovers an existing journal (cutting a torn tail, replaying it, bringing the
   * feeds to what it implies) or starts a new one, then starts the engine and commit threads (and the replay, if
   * any; with `holdReplay`, only once [[Venue.releaseReplay]] is called). `log` receives the recovery report.
   */
  def open(
      config: VenueConfig,
      log: String => Unit,
      holdReplay: Boolean = false
  ): Either[VenueError, Venue] = {
    Files.createDirectories(config.dir)
    val started = System.nanoTime()
    val exists = Files.exists(config.journal)
    val tradesProgress = new FeedScan.Progress
    val quotesProgress = new FeedScan.Progress
    val tradesScan = new FutureTask[FeedScanned](() => FeedScan.scan(config.trades, tradesProgress))
    val quotesScan = new FutureTask[FeedScanned](() => FeedScan.scan(config.quotes, quotesProgress))
    val journalScan = new FutureTask[JournalScanned](() =>
      if (exists) JournalScan.scan(config.journal).map(Some(_)) else Right(None)
    )
    // whether the feeds may change: the journal is neither damaged nor closed
    val journalGood = new CompletableFuture[Boolean]()
    // the scans read other files than the replay, or the journal beside it: on two threads of their own, each
    // feed's first, so that the replay's gates find its lines counted
    daemon(s"venue-scan-${config.day}") {
      tradesScan.run()
      journalScan.run()
      try { val _ = journalGood.complete(await(journalScan).fold(_ => false, _.forall(!_.closed))) }
      catch { case e: Throwable => val _ = journalGood.completeExceptionally(e) }
    }
    daemon(s"venue-quote-scan-${config.day}")(quotesScan.run())
    if (exists && !config.verifyFeeds)
      alongside(
        config,
        journalScan,
        journalGood,
        (tradesScan, tradesProgress),
        (quotesScan, quotesProgress),
        log,
        started,
        holdReplay
      )
    else {
      journalScan.run() // here, unless the scan thread has begun it
      await(journalScan) match {
        case Left(d) => Left(VenueError.Damaged(config.journal, d))
        case Right(Some(s)) if s.closed => Left(VenueError.AlreadyClosed(config.day))
        case Right(scan) =>
          build(config, scan, await(tradesScan), await(quotesScan), log, started, holdReplay)
      }
    }
  }

  private type JournalScanned = Either[JournalScan.Damage, Option[JournalScan.Scan]]

  private def daemon(name: String)(body: => Unit): Unit = {
    val t = new Thread(() => body, name)
    t.setDaemon(true)
    t.start()
  }

  private def await[A](f: java.util.concurrent.Future[A]): A =
    try f.get()
    catch { case e: java.util.concurrent.ExecutionException => throw e.getCause }

  private type FeedScanned = Either[FeedScan.Damage, FeedScan.Prefix]

  // `started`: when recovery began, its scan included
  private def build(
      config: VenueConfig,
      scan: Option[JournalScan.Scan],
      tradesScan: FeedScanned,
      quotesScan: FeedScanned,
      log: String => Unit,
      started: Long,
      holdReplay: Boolean
  ): Either[VenueError, Venue] = {
    val scanned = for {
      t <- tradesScan.left.map(d => VenueError.FeedDamaged(config.trades, d.offset, d.detail))
      q <- quotesScan.left.map(d => VenueError.FeedDamaged(config.quotes, d.offset, d.detail))
      _ <-
        if (q.lines == 0L || java.util.Arrays.equals(q.firstLine, QuoteHeader)) Right(())
        else Left(VenueError.FeedDamaged(config.quotes, 0L, "its first line is not the quote feed's header"))
    } yield (t, q)
    scanned.flatMap((t, q) => buildFrom(config, scan, t, q, log, started, holdReplay))
  }

  private def buildFrom(
      config: VenueConfig,
      scan: Option[JournalScan.Scan],
      tradesHeld: FeedScan.Prefix,
      quotesHeld: FeedScan.Prefix,
      log: String => Unit,
      started: Long,
      holdReplay: Boolean
  ): Either[VenueError, Venue] = {
    val trades = new FeedFile(config.trades)
    val quotes = new FeedFile(config.quotes)
    val tradesOut = new SwitchableOut(trades.reconcile)
    val quotesOut = new SwitchableOut(quotes.reconcile)
    val verify = config.verifyFeeds
    // the fast path keeps the files' complete lines unread and the engine's first lines are dropped unformatted;
    // the verify path formats every line and compares it with the file
    val (tradeGate, quoteGate) =
      if (verify) {
        trades.verifyUpTo(tradesHeld.prefixBytes)
        quotes.verifyUpTo(quotesHeld.prefixBytes)
        (new FeedGate(0L, tradesOut, Array.emptyByteArray), new FeedGate(0L, quotesOut, Array.emptyByteArray))
      } else {
        trades.skipTo(tradesHeld.prefixBytes)
        quotes.skipTo(quotesHeld.prefixBytes)
        (
          new FeedGate(tradesHeld.lines, tradesOut, tradesHeld.lastLine),
          new FeedGate(math.max(0L, quotesHeld.lines - 1), quotesOut, quotesHeld.lastLine)
        )
      }
    val tradeWriter = new TradeFeedWriter(tradesOut, tradeGate)
    // the quote writer starts with its header: dropped when the file holds it and is not verified
    if (!verify && quotesHeld.lines > 0) quotesOut.target = java.io.OutputStream.nullOutputStream()
    val quoteWriter = new QuoteFeedWriter(quotesOut, quoteGate)
    quoteWriter.flush()
    quotesOut.target = quotes.reconcile
    val outcomes = new OutcomeEvents
    val feeds = new FeedRelay(tradeWriter, quoteWriter)
    val day = new TradingDay(config.engine, outcomes, Some(feeds), Some(feeds))
    val matcher = config.replay.map(r => new RecordedDay.Matcher(r.commands))
    val good = scan.fold(0L)(_.goodBytes)
    val replayed = if (good == 0L) Replayed.Nothing else replayJournal(config, day, matcher)
    feeds.flush()
    settle(
      config,
      scan,
      log,
      started,
      trades,
      quotes,
      feeds,
      outcomes,
      day,
      matcher,
      good,
      replayed,
      tradeGate,
      quoteGate,
      tradesHeld,
      quotesHeld,
      holdReplay
    )
  }

  // after the replay: refuses a feed that is not a prefix of what the journal implies, else cuts the feeds to it
  // and starts the venue
  private def settle(
      config: VenueConfig,
      scan: Option[JournalScan.Scan],
      log: String => Unit,
      started: Long,
      trades: FeedFile,
      quotes: FeedFile,
      feeds: FeedRelay,
      outcomes: OutcomeEvents,
      day: TradingDay,
      matcher: Option[RecordedDay.Matcher],
      good: Long,
      replayed: Replayed,
      tradeGate: FeedGate,
      quoteGate: FeedGate,
      tradesHeld: FeedScan.Prefix,
      quotesHeld: FeedScan.Prefix,
      holdReplay: Boolean
  ): Either[VenueError, Venue] = {
    val encoder = replayed.encoder(good)
    val commands = replayed.commands
    // a feed holding lines beyond what the journal implies: the journal lost records whose lines were written (a
    // machine crash under --durability none, or a journal cut by hand); the journal is the record, so those lines
    // are cut and the recovery report warns
    var linesCut = false
    def damaged(path: java.nio.file.Path, feed: FeedFile, gate: FeedGate, held: FeedScan.Prefix) =
      if (gate.mismatch)
        Some(VenueError.FeedDamaged(
          path,
          held.prefixBytes - held.lastLine.length,
          "its last complete line differs from the journal's"
        ))
      else {
        if (gate.remaining > 0L) feed.keepTo(FeedScan.endOfLines(path, held.lines - gate.remaining))
        if (gate.remaining > 0L || feed.short > 0L) linesCut = true
        None
      }
    val refused = damaged(config.trades, trades, tradeGate, tradesHeld)
      .orElse(damaged(config.quotes, quotes, quoteGate, quotesHeld))
    val (tradesCut, tradesDiverged) = if (refused.isEmpty) trades.settle() else (0L, -1L)
    val (quotesCut, quotesDiverged) = if (refused.isEmpty) quotes.settle() else (0L, -1L)
    val diverged =
      if (tradesDiverged >= 0L)
        Some(VenueError.FeedDamaged(
          config.trades,
          tradesDiverged,
          "it differs from the line the journal implies"
        ))
      else if (quotesDiverged >= 0L)
        Some(VenueError.FeedDamaged(
          config.quotes,
          quotesDiverged,
          "it differs from the line the journal implies"
        ))
      else None
    refused.orElse(diverged) match {
      case Some(e) =>
        trades.close()
        quotes.close()
        Left(e)
      case None =>
        Right(
          start(
            config,
            scan,
            log,
            started,
            trades,
            quotes,
            feeds,
            outcomes,
            day,
            matcher,
            good,
            encoder,
            commands,
            tradesCut + tradesHeld.fileBytes - tradesHeld.prefixBytes,
            quotesCut + quotesHeld.fileBytes - quotesHeld.prefixBytes,
            linesCut,
            holdReplay
          )
        )
    }
  }

  private def start(
      config: VenueConfig,
      scan: Option[JournalScan.Scan],
      log: String => Unit,
      started: Long,
      trades: FeedFile,
      quotes: FeedFile,
      feeds: FeedRelay,
      outcomes: OutcomeEvents,
      day: TradingDay,
      matcher: Option[RecordedDay.Matcher],
      good: Long,
      encoder: JournalEncoder,
      commands: Long,
      tradesCut: Long,
      quotesCut: Long,
      linesCut: Boolean,
      holdReplay: Boolean
  ): Venue = {
    val channel = FileChannel.open(
      config.journal,
      StandardOpenOption.CREATE,
      StandardOpenOption.READ,
      StandardOpenOption.WRITE
    )
    if (channel.size > good) channel.truncate(good)
    // no space ahead without forces: it would only double what `none` writes
    val journal =
      new JournalFile(channel, good, if (config.durability == Durability.None) 0L else config.preallocate)
    // a new journal's directory entry must be durable too, or a machine crash could lose the whole file
    if (good == 0L) Committer.forceDirectory(config.dir)
    val first = new Batch(config.maxBatch)
    if (good == 0L) first.journal.put(JournalEncoder.header)
    // the traded symbols: the journal's own, then the configured and the recorded day's, declared up front
    val wanted = config.symbols ++ config.replay.fold(Vector.empty[Symbol])(_.commands.symbols)
    wanted.foreach { s =>
      first.room(64); val _ = encoder.declare(first.journal, s)
    }
    val all = encoder.symbols
    val books = new Array[Int](math.max(1, all.size))
    val symbols = Vector.newBuilder[Symbol]
    all.zipWithIndex.foreach { (s, i) =>
      books(i) = day.bookOf(s)
      symbols += s
    }
    val tradedSymbols = symbols.result()
    val recovery = Recovery(
      commands,
      encoder.recordCount,
      scan.fold(0L)(_.torn),
      tradesCut,
      quotesCut,
      linesCut,
      if (scan.isDefined) System.nanoTime() - started else 0L,
      matcher.fold(0)(_.cursor)
    )
    if (scan.isDefined) log(recovery.render(config.day))
    val ring = new InboundRing(config.queueCapacity)
    val maxBatch = if (config.durability == Durability.Each) 1 else config.maxBatch
    val sequencer = new Sequencer(
      ring,
      day,
      outcomes,
      encoder,
      books,
      feeds,
      config.replay.isDefined,
      maxBatch,
      if (config.durability == Durability.None) math.min(maxBatch, config.unforcedBatch) else 1,
      commands + 1,
      first,
      config.stages.orNull
    )
    var venue: Venue = null
    val committer =
      new Committer(
        sequencer,
        journal,
        trades,
        quotes,
        config.durability,
        config.end,
        e => venue.fail(e),
        config.stages.orNull
      )
    sequencer.committerBackoff = committer.backoff
    venue = new Venue(
      config.copy(symbols = tradedSymbols),
      recovery,
      ring,
      new SymbolSet(tradedSymbols.map(_.name)),
      sequencer,
      committer,
      day,
      List[AutoCloseable](channel, () => trades.close(), () => quotes.close())
    )
    venue.start(config.replay.map(r => (r, recovery.replayResumeAt)), holdReplay)
    venue
  }

  /** What the journal's replay leaves for continuing it: its symbols, the trailer's running sums, the clock. */
  private final case class Replayed(
      symbols: Vector[Symbol],
      sum1: Long,
      sum2: Long,
      clock: Long,
      commands: Long
  ) {

    /** The encoder that goes on after the journal's first `good` bytes, the records replayed. */
    def encoder(good: Long): JournalEncoder =
      if (good == 0L) new JournalEncoder(Vector.empty, 0L, 0L, 0L, 0L)
      else new JournalEncoder(
        symbols,
        (good - JournalEncoder.HeaderBytes) / CommandLog.RecordSize,
        sum1,
        sum2,
        clock
      )
  }

  private object Replayed {
    val Nothing = Replayed(Vector.empty, 0L, 0L, 0L, 0L)
  }

  // replays the journal's good records (up to its first bad one, where its scan finds them end) into the day, and
  // through it the feeds into their reconcilers, the records decoded on a thread of their own; nothing for a
  // journal without a whole header
  private def replayJournal(
      config: VenueConfig,
      day: TradingDay,
      matcher: Option[RecordedDay.Matcher]
  ): Replayed = {
    val blocks = JournalBlocks.start(config.journal)
    try {
      var commands = 0L
      val m = matcher.orNull
      var syms: Vector[Symbol] = Vector.empty
      var books = new Array[Int](16)
      var b = blocks.take()
      while (b ne null) {
        if (b.symbols ne null) {
          // books for the symbols declared since the last block, in their order, as every replay makes them
          if (books.length < b.symbols.size) books = java.util.Arrays.copyOf(books, b.symbols.size * 2)
          var s = syms.size
          while (s < b.symbols.size) { books(s) = day.bookOf(b.symbols(s)); s += 1 }
          syms = b.symbols
        }
        val c = b.columns
        val n = b.size
        c.replay(day, books, 0, n)
        var i = 0
        while (i < n) {
          val k = c.kinds(i)
          if (k != CommandReader.Time) {
            commands += 1
            if (m != null)
              m.journaled(
                k == CommandReader.Add,
                syms(c.symbolIdx(i)),
                c.ids(i),
                c.sides(i).toInt,
                c.prices(i),
                c.qtys(i),
                c.accounts(i)
              )
          }
          i += 1
        }
        blocks.release(b)
        b = blocks.take()
      }
      Replayed(blocks.symbols, blocks.sum1, blocks.sum2, blocks.clock, commands)
    } finally blocks.close()
  }

  private val QuoteHeader = (QuoteFeedWriter.Header + "\n").getBytes("US-ASCII")

  /**
   * Recovery with the feeds kept in place, replaying while the journal and the feeds are still being scanned on
   * other threads: the feeds' gates drop the lines their scans have counted and wait only at the first line they
   * have not, and the feeds' first change waits for the journal's verdict, so a refused journal changes no file.
   * The result is the sequential recovery's: the replay reads the same records, up to the first bad one, that the
   * scan finds good.
   */
  private def alongside(
      config: VenueConfig,
      journalScan: FutureTask[JournalScanned],
      journalGood: CompletableFuture[Boolean],
      tradesScan: (FutureTask[FeedScanned], FeedScan.Progress),
      quotesScan: (FutureTask[FeedScanned], FeedScan.Progress),
      log: String => Unit,
      started: Long,
      holdReplay: Boolean
  ): Either[VenueError, Venue] = {
    val trades = new FeedFile(config.trades)
    val quotes = new FeedFile(config.quotes)
    trades.changesAfter(journalGood)
    quotes.changesAfter(journalGood)
    val tradesOut = new SwitchableOut(trades.reconcile)
    val quotesOut = new SwitchableOut(quotes.reconcile)
    val tradePrefix = new PrefixGate(tradesScan._1, tradesScan._2, trades, tradesOut, Array.emptyByteArray)
    val quotePrefix = new PrefixGate(quotesScan._1, quotesScan._2, quotes, quotesOut, QuoteHeader)
    val tradeWriter = new TradeFeedWriter(tradesOut, tradePrefix)
    // the quote writer starts with its header: its gate writes it only if the file holds no line
    quotesOut.target = java.io.OutputStream.nullOutputStream()
    val quoteWriter = new QuoteFeedWriter(quotesOut, quotePrefix)
    quoteWriter.flush()
    quotesOut.target = quotes.reconcile
    val outcomes = new OutcomeEvents
    val feeds = new FeedRelay(tradeWriter, quoteWriter)
    val day = new TradingDay(config.engine, outcomes, Some(feeds), Some(feeds))
    val matcher = config.replay.map(r => new RecordedDay.Matcher(r.commands))
    val replayed =
      try Some(replayJournal(config, day, matcher))
      catch { case FeedFile.JournalRefused => None }
    def refuse(e: VenueError) = { trades.discard(); quotes.discard(); Left(e) }
    await(journalScan) match {
      case Left(d) => refuse(VenueError.Damaged(config.journal, d))
      case Right(Some(s)) if s.closed => refuse(VenueError.AlreadyClosed(config.day))
      case Right(scan) =>
        feeds.flush()
        val tradeGate = tradePrefix.resolved
        val quoteGate = quotePrefix.resolved
        val damage = (tradePrefix.found, quotePrefix.found) match {
          case (Left(d), _) => Some(VenueError.FeedDamaged(config.trades, d.offset, d.detail))
          case (_, Left(d)) => Some(VenueError.FeedDamaged(config.quotes, d.offset, d.detail))
          case (_, Right(_)) if quoteGate eq null =>
            Some(VenueError.FeedDamaged(config.quotes, 0L, "its first line is not the quote feed's header"))
          case _ => None
        }
        damage match {
          case Some(e) => refuse(e)
          case None =>
            settle(
              config,
              scan,
              log,
              started,
              trades,
              quotes,
              feeds,
              outcomes,
              day,
              matcher,
              scan.fold(0L)(_.goodBytes),
              replayed.get,
              tradeGate,
              quoteGate,
              tradesHeld = tradePrefix.found.toOption.get,
              quotesHeld = quotePrefix.found.toOption.get,
              holdReplay
            )
        }
    }
  }
}
