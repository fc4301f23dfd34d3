package mvt.bench.venue

import mvt.core.*
import mvt.venue.*
import mvt.workload.{ProfileGenerator, WorkloadProfile}
import org.HdrHistogram.Histogram

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.{Files, Path, StandardOpenOption}
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.locks.LockSupport

/**
 * `mvt bench venue`: durable commands per second with group commit against `none` and fsync-per-command and
 * against the disk's own sequential rate for the journal's records; acknowledgement latency open loop (from
 * each command's intended start) at given rates beside the disk's own fsync latency; recovery rate. Figures
 * only, measured in one run on one file system; the caller prints the lines.
 */
object VenueBench {

  final case class Settings(
      dir: Path,
      commands: Int,
      submitters: Int,
      rates: Vector[Int],
      seconds: Double,
      recoveryCommands: Int,
      eachSeconds: Double,
      stages: Boolean = false
  )

  /** The disk and file system of `dir`, for the header. */
  def diskLine(dir: Path): String = {
    val store = Files.getFileStore(dir)
    val device = store.name
    val block = scala.util.Try(
      Files.readString(Path.of(
        "/sys/block",
        device.stripPrefix("/dev/").takeWhile(!_.isDigit),
        "queue",
        "rotational"
      )).trim
    ).toOption.map(r => if (r == "0") "non-rotational" else "rotational").getOrElse("kind unknown")
    s"Disk: $dir on $device ($block), file system ${store.`type`}"
  }

  /** The project's normal workload profile (cancel-heavy, books of realistic depth), `n` commands of it. */
  private def profile(n: Int, seed: Long): mvt.workload.CommandBatch =
    ProfileGenerator.generate(WorkloadProfile.normal, n, seed).batch

  /** `n` adds and cancels of the normal profile, ids moved up by `idBase` (the venue keeps the clock). */
  def commands(n: Int, seed: Long, idBase: Long): Array[Command] = {
    val b = profile(n + n / 4 + 16, seed)
    val out = Array.newBuilder[Command]
    var i = 0
    var k = 0
    while (i < b.size && k < n) {
      if (!b.isTime(i)) {
        out += (b.command(i) match {
          case Command.Add(s, id, side, p, q, a, tif) =>
            Command.Add(s, OrderId(id.value + idBase), side, p, q, a, tif)
          case Command.Modify(s, id, p, q) => Command.Modify(s, OrderId(id.value + idBase), p, q)
          case Command.Cancel(s, id) => Command.Cancel(s, OrderId(id.value + idBase))
          case t => t
        })
        k += 1
      }
      i += 1
    }
    out.result()
  }

  /** The symbols of the normal profile. */
  lazy val Symbols: Vector[Symbol] = profile(1000, 1L).symbols

  private def fresh(root: Path, name: String): Path = {
    val d = root.resolve(name)
    if (Files.exists(d)) Files.list(d).forEach(p => Files.delete(p)) else Files.createDirectories(d)
    d
  }

  /**
   * Deletes a finished phase's files and forces the directory: the feed lines it never forced are dropped
   * unwritten, and the file system's work for the deletion is done now, so neither the write-back of one phase's
   * bytes nor the freeing of its blocks lands inside a later phase's forces and counts in its figures.
   */
  private def drop(dir: Path): Unit = {
    Files.list(dir).forEach(p => Files.delete(p))
    Committer.forceDirectory(dir)
  }

  /** Dirty and under-write-back memory (MiB), from /proc/meminfo where there is one. */
  private def dirtyLine(): String =
    scala.util.Try {
      val m = Files.readAllLines(Path.of("/proc/meminfo"))
      def mib(key: String) =
        m.stream.filter(_.startsWith(key + ":")).findFirst.map(_.split(" +")(1).toLong / 1024).orElse(-1L)
      s"${mib("Dirty")} MiB dirty, ${mib("Writeback")} MiB under write-back at the start"
    }.getOrElse("dirty memory unknown")

  private def open(
      dir: Path,
      durability: Durability,
      stages: Option[StageTimes] = None,
      maxBatch: Int = VenueConfig.DefaultMaxBatch,
      unforcedBatch: Int = Sequencer.UnforcedBatch,
      preallocate: Long = VenueConfig.DefaultPreallocate
  ): Venue =
    Venue.open(
      VenueConfig(
        dir,
        "2026-01-05",
        Symbols,
        durability,
        maxBatch = maxBatch,
        stages = stages,
        unforcedBatch = unforcedBatch,
        preallocate = preallocate
      ),
      _ => ()
    ).fold(
      e => sys.error(e.render),
      identity
    )

  /**
   * Durable commands/s: `submitters` threads offer their share as fast as the queue takes them (a refusal is
   * retried), timed from the first offer to the last acknowledgement; with `events` each reply takes the whole
   * `Outcome` (the engine's events), otherwise only the acknowledgement (`AckReply`). `limitSeconds` stops offering early (fsync per command).
   */
  def throughput(
      dir: Path,
      durability: Durability,
      cmds: Array[Command],
      submitters: Int,
      limitSeconds: Double,
      events: Boolean = false,
      maxBatch: Int = VenueConfig.DefaultMaxBatch,
      unforcedBatch: Int = Sequencer.UnforcedBatch
  ): (Double, ThreadCpu) = {
    val venue = open(dir, durability, maxBatch = maxBatch, unforcedBatch = unforcedBatch)
    val counted = new AtomicLong
    val count: Reply =
      if (events) new Reply { def done(o: Outcome): Unit = { val _ = counted.incrementAndGet() } }
      else new AckReply { def acked(seq: Long, atNanos: Long): Unit = { val _ = counted.incrementAndGet() } }
    val offered = new AtomicLong
    // with an fsync per command a full queue would take minutes to drain after the time limit on a slow disk:
    // a window of commands in flight, more than enough to keep the engine busy, bounds that. Only then does a
    // submitter read the acknowledgements' count per command: that line is the commit thread's, and sharing it
    // per command would cost the submitter a cache miss each time
    val windowed = durability == Durability.Each
    val window = 1024L
    val deadline = System.nanoTime() + (limitSeconds * 1e9).toLong
    val start = System.nanoTime()
    val submitterCpu = new AtomicLong
    val cpu = ThreadCpu.start()
    val threads = (0 until submitters).map { t =>
      new Thread(() => {
        var i = t
        var going = true
        var mine = 0L // taken, published at the end unless windowed
        while (i < cmds.length && going) {
          if (windowed && offered.get - counted.get >= window) LockSupport.parkNanos(RefusedNap)
          else if (venue.submit(cmds(i), count).isEmpty) {
            if (windowed) offered.incrementAndGet() else mine += 1
            i += submitters
          } else {
            // refused: the queue is full, tens of milliseconds of work for the engine. Sleep rather than spin: a
            // spinning submitter holds a core the engine and commit threads need on a small machine, and retries
            // at once would keep taking the cache line of the slot the engine is freeing
            LockSupport.parkNanos(RefusedNap)
          }
          if ((i & 1023) == 0 && System.nanoTime() > deadline) going = false
        }
        val _ = offered.addAndGet(mine)
        val _ = submitterCpu.addAndGet(ThreadCpu.mine())
      })
    }
    threads.foreach(_.start())
    threads.foreach(_.join())
    while (counted.get < offered.get) LockSupport.parkNanos(100000L)
    val elapsed = System.nanoTime() - start
    val used = cpu.end(elapsed, submitterCpu.get)
    venue.stop()
    val _ = venue.terminated.get(5, TimeUnit.MINUTES)
    (counted.get / (elapsed / 1e9), used)
  }

  /**
   * The disk's bound for the journal: the same bytes (32 a command) written sequentially in 1 MiB writes, each
   * forced, as a group commit at its best would; records/s.
   */
  def diskRecordsPerSecond(dir: Path, records: Int): Double = {
    withProbe(dir, "disk-probe.bin") { ch =>
      val chunk = ByteBuffer.allocateDirect(1 << 20)
      val total = records.toLong * 32
      val start = System.nanoTime()
      var written = 0L
      while (written < total) {
        chunk.clear()
        chunk.limit(math.min(chunk.capacity.toLong, total - written).toInt)
        while (chunk.hasRemaining) written += ch.write(chunk)
        ch.force(false)
      }
      records / ((System.nanoTime() - start) / 1e9)
    }
  }

  // runs `f` on a new empty file `name` in `dir`, deleted afterwards
  private def withProbe[A](dir: Path, name: String)(f: FileChannel => A): A = {
    val file = dir.resolve(name)
    val ch = FileChannel.open(
      file,
      StandardOpenOption.CREATE,
      StandardOpenOption.WRITE,
      StandardOpenOption.TRUNCATE_EXISTING
    )
    try f(ch)
    finally {
      ch.close()
      val _ = Files.deleteIfExists(file)
      Committer.forceDirectory(dir) // the deletion's work now, not in the next phase's forces
    }
  }

  /**
   * The disk's own latency of writing one small group (64 records) and forcing it (`fdatasync`), the floor of any
   * acknowledgement: written the journal's way, through a `JournalFile` into space written ahead and topped up
   * as the journal's is; with `appending`, appended to a growing file instead, so that each force also commits
   * the file's new size (the journal's writes before it kept space ahead).
   */
  def fsyncFloor(dir: Path, seconds: Double, appending: Boolean = false): Histogram = {
    val h = new Histogram(3600L * 1000000000L, 3)
    withProbe(dir, "fsync-probe.bin") { ch =>
      val file = new JournalFile(ch, 0L, if (appending) 0L else VenueConfig.DefaultPreallocate)
      val rec = ByteBuffer.allocateDirect(32 * 64)
      val end = System.nanoTime() + (seconds * 1e9).toLong
      while (System.nanoTime() < end) {
        rec.clear()
        val t0 = System.nanoTime()
        file.append(rec)
        file.force()
        h.recordValue(System.nanoTime() - t0)
        file.topUp(rec.capacity.toLong)
      }
      h
    }
  }

  /**
   * Acknowledgement latency open loop: one submitter offers command i at start + i/rate (its intended start); the
   * latency is from that instant to its durable outcome, so a stall delays every command behind it and counts.
   * Refused commands are counted apart. With `stages`, also where the time went (see [[StageBreakdown]]).
   */
  def latency(
      dir: Path,
      rate: Int,
      seconds: Double,
      idBase: Long,
      stages: Boolean = false,
      preallocate: Long = VenueConfig.DefaultPreallocate
  ): (Histogram, Long, Option[StageBreakdown]) = {
    val n = math.max(1, (rate * seconds).toInt)
    val cmds = commands(n, rate.toLong, idBase)
    val times = if (stages) Some(new StageTimes(n)) else None
    val h = new Histogram(3600L * 1000000000L, 3) // written by the commit thread only
    // the intended start of each accepted command by its sequence number (the venue is new: the first is 1);
    // written before the command is offered, so the commit thread sees it (the ring's release and acquire)
    val intended = new Array[Long](n)
    // with `stages`: when each was offered and acknowledged, by sequence number
    val offered = if (stages) new Array[Long](n) else null
    val ackedAt = if (stages) new Array[Long](n) else null
    // the generated commands and these arrays (tens of megabytes at a million a second) are the bench's own, not
    // the venue's: settle them into the old generation now, so that no young collection during the measurement
    // has to copy them (the venue itself allocates next to nothing per acknowledged command)
    System.gc()
    val venue = open(dir, Durability.Group, times, preallocate = preallocate)
    val answered = new AtomicLong
    // one reply for every command: an acknowledgement carries its sequence number, so nothing is allocated
    val reply = new AckReply {
      def acked(seq: Long, atNanos: Long): Unit = {
        val now = System.nanoTime()
        val k = (seq - 1).toInt
        h.recordValue(math.max(0L, now - intended(k)))
        if (ackedAt ne null) ackedAt(k) = now
        val _ = answered.incrementAndGet()
      }
    }
    val gc = GcTotals.now()
    var refused = 0L
    var accepted = 0
    val start = System.nanoTime() + 1000000L
    val interval = 1e9 / rate
    var i = 0
    while (i < n) {
      val due = start + (i * interval).toLong
      // a long gap is slept through but for its last stretch (a park overshoots by tens of microseconds), so the
      // client leaves the core to the venue's threads between commands at low rates; a late wake-up only makes
      // the commands behind it late, and that counts in their latency
      var now = System.nanoTime()
      while (now < due) {
        if (due - now > Oversleep + 10000L) LockSupport.parkNanos(due - now - Oversleep)
        else Thread.onSpinWait()
        now = System.nanoTime()
      }
      intended(accepted) = due
      if (offered ne null) offered(accepted) = System.nanoTime()
      if (venue.submit(cmds(i), reply).isDefined) { refused += 1; val _ = answered.incrementAndGet() }
      else accepted += 1
      i += 1
    }
    while (answered.get < n) LockSupport.parkNanos(100000L)
    venue.stop()
    val _ = venue.terminated.get(5, TimeUnit.MINUTES)
    val gcAfter = GcTotals.now()
    val breakdown = times.map(t =>
      StageBreakdown.of(
        t,
        intended,
        offered,
        ackedAt,
        accepted,
        h.getValueAtPercentile(99),
        gcAfter.minus(gc)
      )
    )
    (h, refused, breakdown)
  }

  // the smallest unforced batch of the `none` diagnostic run (--stages): the rule before batches of a force's size
  private inline val FormerUnforcedBatch = 4096

  // a throughput submitter's sleep when refused or its window is full: a small share of the work queued
  private inline val RefusedNap = 50000L

  // how late a short park may wake, on Linux's default timer slack of 50 microseconds
  private inline val Oversleep = 80000L

  /** Recovery's figures in commands/s, all over the same journal of `commands` commands. */
  final case class RecoveryRates(
      commands: Long,
      rebuilt: Double,
      inPlace: Double,
      verified: Double,
      engineOnly: Double,
      scan: Double
  )

  /**
   * Writes a journal of `n` commands straight through the encoder, then times a venue's recovery of it with the
   * feeds rebuilt, again with the feeds in place (kept unread), once more verifying them line by line, and the
   * same journal replayed into an engine with no feeds (the line to compare against), and the scan alone.
   */
  def recovery(dir: Path, n: Int): RecoveryRates = {
    val config = VenueConfig(dir, "2026-01-05", Symbols)
    val ch = FileChannel.open(
      config.journal,
      StandardOpenOption.CREATE,
      StandardOpenOption.WRITE,
      StandardOpenOption.TRUNCATE_EXISTING
    )
    try {
      val enc = new JournalEncoder(Vector.empty, 0L, 0L, 0L, 0L)
      val buf = ByteBuffer.allocate(32 * 65536 + 4096).order(java.nio.ByteOrder.LITTLE_ENDIAN)
      buf.put(JournalEncoder.header)
      Symbols.foreach(s => enc.declare(buf, s))
      // one continuous day of the normal profile, generated a million commands at a time (a day of 20M does not
      // fit a small heap at once): its books, resting orders, ids and mids carry on across the chunks, as a day's
      // do. The generator writes no clock records, and the journal has none
      val chunks = ProfileGenerator.chunks(WorkloadProfile.normal, n.toLong, 1000000, 100L)
      while (chunks.hasNext) {
        val b = chunks.next()
        val syms = b.symbols.map(sym => enc.declare(buf, sym)).toArray
        var i = 0
        while (i < b.size) {
          if (buf.remaining < 64) { buf.flip(); while (buf.hasRemaining) ch.write(buf); buf.clear() }
          if (b.isAdd(i))
            enc.add(
              buf,
              syms(b.symbolIndex(i)),
              b.id(i),
              b.side(i),
              b.price(i),
              b.qty(i),
              b.account(i),
              b.tif(i)
            )
          else if (b.kind(i) == CommandReader.Modify)
            enc.modify(buf, syms(b.symbolIndex(i)), b.id(i), b.price(i), b.qty(i))
          else enc.cancel(buf, syms(b.symbolIndex(i)), b.id(i))
          i += 1
        }
      }
      buf.flip()
      while (buf.hasRemaining) ch.write(buf)
    } finally ch.close()
    val scanStart = System.nanoTime()
    val _ = JournalScan.scan(config.journal)
    val scanRate = n / ((System.nanoTime() - scanStart) / 1e9)
    def recover(c: VenueConfig): Recovery = {
      val venue = Venue.open(c, _ => ()).fold(e => sys.error(e.render), identity)
      venue.stop()
      val _ = venue.terminated.get(5, TimeUnit.MINUTES)
      venue.recovery
    }
    // first with no feed files (all rebuilt), then again over the same journal with the feeds it left: the case
    // after a kill -9, whose feeds survive in the page cache and are kept unread; then verifying them
    val rebuilt = recover(config)
    val inPlace = recover(config)
    val verified = recover(config.copy(verifyFeeds = true))
    def rate(r: Recovery) = r.commands / (r.nanos / 1e9)
    RecoveryRates(
      rebuilt.commands,
      rate(rebuilt),
      rate(inPlace),
      rate(verified),
      engineOnly(config),
      scanRate
    )
  }

  // the journal decoded in blocks straight into a day with no feeds, as recovery's loop does: commands/s
  private def engineOnly(config: VenueConfig): Double = {
    val started = System.nanoTime()
    val in = new java.io.BufferedInputStream(new java.io.FileInputStream(config.journal.toFile), 1 << 16)
    try {
      val r =
        mvt.workload.CommandSource.open(in).fold(e => sys.error(s"cannot read the journal: $e"), identity)
      val day = new mvt.orderbook.TradingDay(config.engine, EventSink.Ignore, None, None)
      var commands = 0L
      var n = r.nextBlock()
      while (n > 0) {
        r.replayBlock(day)
        var i = 0
        while (i < n) { if (r.columns.kinds(i) != CommandReader.Time) commands += 1; i += 1 }
        n = r.nextBlock()
      }
      commands / ((System.nanoTime() - started) / 1e9)
    } finally in.close()
  }

  /** Every figure, as printable lines, in one run. */
  def run(s: Settings, line: String => Unit): Unit = {
    Files.createDirectories(s.dir)
    line(diskLine(s.dir))
    val cmds = commands(s.commands, 1L, 0L)
    val disk = diskRecordsPerSecond(fresh(s.dir, "disk"), s.commands)
    line(f"Throughput, ${s.commands}%,d commands, ${s.submitters} in-process submitter(s):")
    line(f"  disk bound (the same 32-byte records, 1 MiB writes each forced): ${disk / 1e6}%8.2fM records/s")
    // a first run warms the JIT; its figure is not kept
    val _ = throughput(
      fresh(s.dir, "warm"),
      Durability.Group,
      cmds.take(math.min(cmds.length, 200000)),
      s.submitters,
      60
    )
    drop(s.dir.resolve("warm"))
    // each phase in a directory of its own, dropped once measured
    def phase(
        name: String,
        durability: Durability,
        seconds: Double,
        events: Boolean = false,
        unforcedBatch: Int = Sequencer.UnforcedBatch
    ) = {
      val d = fresh(s.dir, name)
      val r =
        throughput(d, durability, cmds, s.submitters, seconds, events, unforcedBatch = unforcedBatch)
      drop(d)
      r
    }
    val (group, groupCpu) = phase("group", Durability.Group, 600)
    val (withEvents, eventsCpu) = phase("events", Durability.Group, 600, events = true)
    val (none, noneCpu) = phase("none", Durability.None, 600)
    val (each, eachCpu) = phase("each", Durability.Each, s.eachSeconds)
    def cpuLine(c: ThreadCpu) = if (s.stages) line(s"      ${c.render}")
    line(
      f"  group commit:                 ${group / 1e6}%8.3fM durable commands/s  (${group / disk * 100}%5.1f%% of the disk bound)"
    )
    cpuLine(groupCpu)
    line(
      f"  group, outcomes with events:  ${withEvents / 1e6}%8.3fM durable commands/s  (${withEvents / group * 100}%5.1f%% of group's acknowledgements alone)"
    )
    cpuLine(eventsCpu)
    line(
      f"  --durability none:            ${none / 1e6}%8.3fM commands/s          (group is ${group / none * 100}%5.1f%% of it)"
    )
    cpuLine(noneCpu)
    if (s.stages) {
      // `none` hands over batches of about a force's worth (group's size at full load); the same run with the
      // former rule, batches of 4,096 commands and more, says what their size (the bytes the engine writes and the
      // commit thread reads, past a core's cache) costs
      val (former, formerCpu) =
        phase("none-former", Durability.None, 600, unforcedBatch = FormerUnforcedBatch)
      line(
        f"  none, batches of $FormerUnforcedBatch%,d and more: ${former / 1e6}%8.3fM commands/s          (none is ${none / former * 100}%5.1f%% of it)"
      )
      cpuLine(formerCpu)
    }
    line(
      f"  fsync per command (each):     ${each / 1e6}%8.3fM durable commands/s  (group is ${group / each}%,.0fx it)"
    )
    cpuLine(eachCpu)
    val floor = fsyncFloor(fresh(s.dir, "floor"), s.seconds)
    val appended = fsyncFloor(fresh(s.dir, "floor-appending"), s.seconds, appending = true)
    def us(h: Histogram, p: Double) = h.getValueAtPercentile(p) / 1000.0
    line(
      f"Acknowledgement latency, open loop from each command's intended start, ${s.seconds}%.1f s a rate (microseconds):"
    )
    line(f"  ${"rate/s"}%12s ${"p50"}%10s ${"p99"}%10s ${"p99.9"}%10s ${"max"}%10s  p99/floor p99  refused")
    line(
      f"  ${"fsync floor"}%12s ${us(floor, 50)}%10.1f ${us(floor, 99)}%10.1f ${us(floor, 99.9)}%10.1f ${floor.getMaxValue / 1000.0}%10.1f  (the journal's writes: into space written ahead)"
    )
    line(
      f"  ${"appending"}%12s ${us(appended, 50)}%10.1f ${us(appended, 99)}%10.1f ${us(appended, 99.9)}%10.1f ${appended.getMaxValue / 1000.0}%10.1f  ${us(appended, 99) / us(floor, 99)}%9.2f  (each force also commits a new size)"
    )
    s.rates.zipWithIndex.foreach { (r, k) =>
      val d = fresh(s.dir, s"latency-$r")
      val dirty = dirtyLine()
      val (h, refused, stages) = latency(d, r, s.seconds, (k + 1) * 1000000000L, s.stages)
      drop(d)
      line(
        f"  $r%12d ${us(h, 50)}%10.1f ${us(h, 99)}%10.1f ${us(h, 99.9)}%10.1f ${h.getMaxValue / 1000.0}%10.1f  ${us(h, 99) / us(floor, 99)}%9.2f  $refused%7d"
      )
      stages.foreach(_.render.foreach(line))
      if (s.stages) {
        line(s"      $dirty")
        // the same rate with the journal appended (no space written ahead): the ratio says what the space saves
        val a = fresh(s.dir, s"latency-$r-appending")
        val (ha, refusedA, _) = latency(a, r, s.seconds, (k + 1) * 1000000000L, preallocate = 0L)
        drop(a)
        line(
          f"  ${"appending"}%12s ${us(ha, 50)}%10.1f ${us(ha, 99)}%10.1f ${us(ha, 99.9)}%10.1f ${ha.getMaxValue / 1000.0}%10.1f  ${us(ha, 99) / us(floor, 99)}%9.2f  $refusedA%7d  (the journal appended; p99 ${us(ha, 99) / us(h, 99)}%.2fx the row above)"
        )
      }
    }
    val r = recovery(fresh(s.dir, "recovery"), s.recoveryCommands)
    line(
      f"Recovery: ${r.commands}%,d commands replayed (journal scan, engine, feeds rebuilt) at ${r.rebuilt / 1e6}%.2fM commands/s"
    )
    line(
      f"  the feeds in place (as after a kill -9; kept unread, their last lines checked): ${r.inPlace / 1e6}%.2fM commands/s  (${r.inPlace / r.engineOnly * 100}%5.1f%% of engine only)"
    )
    line(
      f"  the feeds in place, verified (every line formatted and compared):           ${r.verified / 1e6}%.2fM commands/s"
    )
    line(
      f"  engine only (the journal decoded into a day with no feeds, no scan):         ${r.engineOnly / 1e6}%.2fM commands/s"
    )
    line(
      f"  the journal's checks alone (every record decoded, nothing applied):          ${r.scan / 1e6}%.2fM commands/s"
    )
  }
}
