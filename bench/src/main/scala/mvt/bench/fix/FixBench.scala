package mvt.bench.fix

import mvt.bench.venue.VenueBench
import mvt.core.{Account, Symbol}
import mvt.core.PasswordHash
import mvt.fix.{Client, FixGateway, FixSettings}
import mvt.venue.{Durability, Venue, VenueConfig}
import org.HdrHistogram.Histogram

import java.nio.file.{Files, Path}
import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.LockSupport
import scala.jdk.CollectionConverters.*

/**
 * `mvt bench fix`: the round trip of a FIX order, open loop from its intended send time to its first
 * ExecutionReport, from many in-process QuickFIX/J sessions at given rates, through the gateway and venue with
 * `--durability none` and group commit, beside two floors measured in the same run: the same gateway answering
 * every order at once with no venue behind it, and the disk's own fsync latency. Figures only; the caller prints
 * the lines.
 */
object FixBench {

  final case class Settings(dir: Path, sessions: Int, rates: Vector[Int], seconds: Double)

  /** What stands behind the gateway in a run. */
  enum Mode(val label: String) {
    case Floor extends Mode("no venue")
    case NoFsync extends Mode("none")
    case Group extends Mode("group")
  }

  /**
   * One run's round trips, the orders sent, those with no report within the wait, venue rejects, and how far the
   * sending thread fell behind its schedule (nanos, one value an order; large means the load, not the gateway, was
   * the limit).
   */
  final case class Run(
      histogram: Histogram,
      sent: Int,
      unanswered: Long,
      rejected: Long,
      sendLag: Histogram,
      work: Work,
      ways: Ways
  )

  /**
   * Where the round trips went, one segment an order's way between two points it passed (`FixLoad.pointNames`,
   * consecutive): each segment's p50 and p99 over the orders that passed every point, and its mean over the slowest
   * 1% of them by round trip (microseconds), and how many orders passed every point. The segments of the slowest
   * orders say where their time went.
   */
  final case class Ways(p50: Vector[Double], p99: Vector[Double], slowest: Vector[Double], complete: Int)

  /** The segments' names: each the stretch ending at a point after the first. */
  val segmentNames: Vector[String] =
    Vector("send", "to gateway", "queue in", "order log", "venue", "queue out", "report", "to client")

  /**
   * What the orders cost while they flowed: bytes allocated by every thread of the JVM (the load's included) and by
   * the gateway thread alone, and threads started, from the first order sent to the last report.
   */
  final case class Work(
      allocated: Long,
      gatewayAllocated: Long,
      threadsStarted: Long,
      gatewayCpu: Long,
      venueCpu: Long,
      jvmCpu: Long,
      switches: Long,
      nanos: Long,
      cpuByGroup: Vector[Long]
  )

  /**
   * The thread groups whose CPU the bench reports: the load's sender and client sessions, the acceptor's session
   * threads, the socket I/O threads (both sides'), the gateway's threads, the venue's, any other Java thread, and
   * the JVM's own (garbage collection, JIT: the process's CPU less its Java threads').
   */
  val groupNames: Vector[String] =
    Vector("load", "sessions", "socket io", "gateway", "venue", "other", "gc+jit")

  private def groupOf(name: String): Int =
    if (name == "main" || name.startsWith("QFJ Message Processor")) 0
    else if (name.startsWith("QF/J Session dispatcher")) 1
    else if (name.startsWith("pool-") || name.startsWith("Nio")) 2
    else if (name.startsWith("fix-")) 3
    else if (name.startsWith("venue-")) 4
    else 5

  // CPU so far of each live Java thread, by id, with its group
  private def cpuByThread(): Map[Long, (Int, Long)] =
    Thread.getAllStackTraces.keySet.asScala.iterator.map(t =>
      t.getId -> (groupOf(t.getName), math.max(0L, threads.getThreadCpuTime(t.getId)))
    ).toMap

  // the CPU of each group between two snapshots, `process` the whole JVM's in the same time
  private def byGroup(
      before: Map[Long, (Int, Long)],
      after: Map[Long, (Int, Long)],
      process: Long
  ): Vector[Long] = {
    val g = Array.fill(groupNames.size)(0L)
    after.foreach { case (id, (group, cpu)) => g(group) += cpu - before.get(id).fold(0L)(_._2) }
    g(groupNames.size - 1) = math.max(0L, process - g.sum)
    g.toVector
  }

  private val threads =
    java.lang.management.ManagementFactory.getThreadMXBean.asInstanceOf[com.sun.management.ThreadMXBean]

  // bytes allocated so far by the live threads (a thread that ended meanwhile drops out: a lower bound)
  private def allocatedByLiveThreads(): Long =
    threads.getThreadAllocatedBytes(threads.getAllThreadIds).iterator.filter(_ > 0L).sum

  private def gatewayThread(): Option[Thread] = named(_ == "fix-gateway").headOption

  private def named(p: String => Boolean): Vector[Thread] = {
    val it = Thread.getAllStackTraces.keySet.iterator
    val found = Vector.newBuilder[Thread]
    while (it.hasNext) { val t = it.next(); if (p(t.getName)) found += t }
    found.result()
  }

  // CPU time of `ts` so far, nanos (a thread that ended counts nothing)
  private def cpu(ts: Vector[Thread]): Long =
    ts.iterator.map(t => math.max(0L, threads.getThreadCpuTime(t.getId))).sum

  private val os =
    java.lang.management.ManagementFactory.getOperatingSystemMXBean.asInstanceOf[
      com.sun.management.OperatingSystemMXBean
    ]

  // context switches of every thread of this JVM so far, voluntary (a wait) and not (preempted), from Linux's
  // per-thread status files; 0 where there are none (a thread that ended meanwhile drops out)
  private def contextSwitches(): Long = {
    val tasks = java.nio.file.Path.of("/proc/self/task")
    if (!Files.isDirectory(tasks)) 0L
    else {
      val all = Files.list(tasks)
      try
        all.iterator.asScala.map { t =>
          try
            Files.readAllLines(t.resolve("status")).asScala.iterator
              .filter(l =>
                l.startsWith("voluntary_ctxt_switches:") || l.startsWith("nonvoluntary_ctxt_switches:")
              )
              .map(_.split("\\s+").last.toLong).sum
          catch { case _: java.io.IOException => 0L }
        }.sum
      finally all.close()
    }
  }

  // the segments of the way of every order that passed each point
  private def ways(load: FixLoad, n: Int): Ways = {
    val segments = segmentNames.size
    val hs = Vector.fill(segments)(new Histogram(3600L * 1000000000L, 3))
    val complete = (0 until n).filter(i => (0 until FixLoad.Points).forall(p => load.stamp(i, p) != 0L))
    complete.foreach { i =>
      var p = 1
      while (p < FixLoad.Points) {
        hs(p - 1).recordValue(math.max(0L, load.stamp(i, p) - load.stamp(i, p - 1))); p += 1
      }
    }
    val slow = complete.sortBy(i => -(load.stamp(i, FixLoad.Answered) - load.stamp(i, FixLoad.Due)))
      .take(math.max(1, complete.size / 100))
    val slowMeans = (1 until FixLoad.Points).toVector.map { p =>
      if (slow.isEmpty) 0.0
      else slow.iterator.map(i => (load.stamp(i, p) - load.stamp(i, p - 1)).toDouble).sum / slow.size / 1000.0
    }
    Ways(hs.map(us(_, 50)), hs.map(us(_, 99)), slowMeans, complete.size)
  }

  private val Acme = Symbol.unsafe("ACME")
  private val Password = "bench-only-password"

  private def fresh(root: Path, name: String): Path = {
    val d = root.resolve(name)
    mvt.core.files.FileTree.delete(d)
    Files.createDirectories(d)
  }

  private def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }

  /**
   * One run: a gateway (and venue) in `dir`, `sessions` clients logged on, `rate` orders/s for `warm`
   * seconds whose figures are dropped (the JIT compiles this leg's paths at this rate, so no leg pays for
   * the one before it), then for `seconds` measured.
   */
  def measure(dir: Path, mode: Mode, sessions: Int, rate: Int, seconds: Double, warm: Double = 0.0): Run = {
    // few PBKDF2 iterations: 64 logons at the default would take seconds, and logon is not what is measured
    val hash = PasswordHash.create(Password.toCharArray, 1000)
    val clients = (1 to sessions).toVector.map(k => Client(s"L$k", Account(k), hash))
    val port = freePort()
    val load = new FixLoad(port, clients.map(_.compId), Password)
    val settings = FixSettings(port, clients, dir, log = _ => (), stages = Some(load))
    val venue = mode match {
      case Mode.Floor => None
      case m =>
        val durability = if (m == Mode.Group) Durability.Group else Durability.None
        Some(Venue.open(VenueConfig(dir, "2026-01-05", Vector(Acme), durability), _ => ()).fold(
          e => sys.error(e.render),
          identity
        ))
    }
    val gateway =
      venue.fold(FixGateway.startWithoutVenue(Vector(Acme), settings))(FixGateway.start(_, settings))
        .fold(sys.error, identity)
    try {
      if (!load.start(120)) sys.error(s"not every one of $sessions sessions logged on within 120 s")
      if (warm > 0) {
        val w = math.max(1, (rate * warm).toInt)
        load.prepare(w)
        pace(load, w, rate, new Histogram(3600L * 1000000000L, 3))
        awaitAnswers(load, w)
      }
      val n = math.max(1, (rate * seconds).toInt)
      load.prepare(n)
      val lag = new Histogram(3600L * 1000000000L, 3)
      val desk = gatewayThread()
      val deskBefore = desk.fold(0L)(t => threads.getThreadAllocatedBytes(t.getId))
      val allBefore = allocatedByLiveThreads()
      val startedBefore = threads.getTotalStartedThreadCount
      val venueThreads = named(_.startsWith("venue-"))
      val cpuBefore = (cpu(desk.toVector), cpu(venueThreads))
      val jvmCpuBefore = os.getProcessCpuTime
      val switchesBefore = contextSwitches()
      val threadsBefore = cpuByThread()
      val began = System.nanoTime()
      pace(load, n, rate, lag)
      awaitAnswers(load, n)
      val threadsAfter = cpuByThread()
      val jvmCpu = os.getProcessCpuTime - jvmCpuBefore
      val work = Work(
        allocatedByLiveThreads() - allBefore,
        desk.fold(0L)(t => threads.getThreadAllocatedBytes(t.getId) - deskBefore),
        threads.getTotalStartedThreadCount - startedBefore,
        cpu(desk.toVector) - cpuBefore._1,
        cpu(venueThreads) - cpuBefore._2,
        jvmCpu,
        contextSwitches() - switchesBefore,
        System.nanoTime() - began,
        byGroup(threadsBefore, threadsAfter, jvmCpu)
      )
      Run(load.result, n, n - load.answers.get, load.rejects.get, lag, work, ways(load, n))
    } finally {
      load.stop()
      gateway.close()
      venue.foreach { v =>
        v.stop(); val _ = v.terminated.get(5, TimeUnit.MINUTES)
      }
    }
  }

  // sends orders 0 until n of the prepared run at `rate`, each timed from its intended send time; the
  // sender's lateness goes to `lag`
  private def pace(load: FixLoad, n: Int, rate: Int, lag: Histogram): Unit = {
    val interval = 1e9 / rate
    val start = System.nanoTime() + 5000000L
    var i = 0
    while (i < n) {
      val due = start + (i * interval).toLong
      var now = System.nanoTime()
      // parks, never spins: a spinning sender would hold one of the cores the gateway needs; a park wakes tens
      // of microseconds late, and every order already due then goes at once, each timed from its own due time
      while (now < due) {
        LockSupport.parkNanos(due - now)
        now = System.nanoTime()
      }
      load.send(i, due)
      lag.recordValue(now - due)
      i += 1
    }
  }

  // waits up to a minute for the run's n orders to be answered
  private def awaitAnswers(load: FixLoad, n: Int): Unit = {
    val deadline = System.nanoTime() + 60000000000L
    while (load.answers.get < n && System.nanoTime() < deadline) LockSupport.parkNanos(1000000L)
  }

  private def us(h: Histogram, p: Double): Double = h.getValueAtPercentile(p) / 1000.0

  /**
   * How the JIT warm-up ended: rounds run, their seconds, the last round's compile time as a share of its wall
   * time, and whether that share was under the quiet share asked for.
   */
  final case class WarmUp(rounds: Int, seconds: Double, lastCompileShare: Double, quiet: Boolean)

  /** Compile time under this share of a warm-up round's wall time counts as a quiet JIT. */
  val QuietShare = 0.05

  /**
   * Runs every mode at `rate` in turns, `seconds` each, until the JIT compilers spend under `quietShare` of a round
   * compiling, at most `maxRounds` rounds. On 2 cores a busy C2 thread takes most of a core for a minute after
   * start-up: a leg measured meanwhile pays for it, and which leg that is depends only on the order they run in.
   */
  def warmUp(
      dir: Path,
      sessions: Int,
      rate: Int,
      seconds: Double = 2.0,
      quietShare: Double = QuietShare,
      maxRounds: Int = 10
  ): WarmUp = {
    val jit = java.lang.management.ManagementFactory.getCompilationMXBean
    val began = System.nanoTime()
    var round = 0
    var share = Double.PositiveInfinity
    while (round < maxRounds && share >= quietShare) {
      val compiled = jit.getTotalCompilationTime
      val start = System.nanoTime()
      Mode.values.foreach(m => measure(fresh(dir, s"${m.ordinal}"), m, sessions, rate, seconds): Unit)
      share = (jit.getTotalCompilationTime - compiled) * 1e6 / (System.nanoTime() - start)
      round += 1
    }
    WarmUp(round, (System.nanoTime() - began) / 1e9, share, share < quietShare)
  }

  /** Every figure, as printable lines, in one run. */
  def run(s: Settings, line: String => Unit): Unit = {
    Files.createDirectories(s.dir)
    line(VenueBench.diskLine(s.dir))
    val fsync = VenueBench.fsyncFloor(fresh(s.dir, "fsync"), math.min(2.0, s.seconds))
    val warmRate = s.rates.filter(_ <= 10000).maxOption.getOrElse(s.rates.min)
    val warm = warmUp(fresh(s.dir, "warm"), s.sessions, warmRate)
    line(
      f"JIT warm-up: ${warm.rounds} round(s) of every mode at $warmRate%,d orders/s, ${warm.seconds}%.0f s; the last spent ${100 * warm.lastCompileShare}%.1f%% of its time compiling${
          if (warm.quiet) ""
          else f" (still over ${100 * QuietShare}%.0f%%: the first figures may include compilation)"
        }"
    )
    line(
      f"FIX round trip, open loop from each order's intended send time to its first ExecutionReport, ${s.sessions} sessions, ${s.seconds}%.1f s a rate (microseconds):"
    )
    line(
      f"  ${"rate/s"}%8s ${"behind the gateway"}%-20s ${"p50"}%9s ${"p99"}%9s ${"p99.9"}%9s ${"max"}%9s  p99/floor  unanswered  send lag p99, max"
    )
    line(
      f"  ${""}%8s ${"disk fsync alone"}%-20s ${us(fsync, 50)}%9.1f ${us(fsync, 99)}%9.1f ${us(fsync, 99.9)}%9.1f ${fsync.getMaxValue / 1000.0}%9.1f"
    )
    val results = s.rates.map { rate =>
      // every leg starts warm at its own rate, and the legs' order turns with the rate, so no mode is
      // always the first to run its paths at a new rate
      val turn = s.rates.indexOf(rate) % Mode.values.length
      val order = Mode.values.toVector.drop(turn) ++ Mode.values.toVector.take(turn)
      val runs = order.map { m =>
        val warm = math.min(1.0, s.seconds)
        m -> measure(fresh(s.dir, s"${m.ordinal}-$rate"), m, s.sessions, rate, s.seconds, warm)
      }.toMap
      val floor = runs(Mode.Floor).histogram
      Mode.values.foreach { m =>
        val r = runs(m)
        val h = r.histogram
        val label = if (m == Mode.Floor) "no venue (floor)" else s"venue, ${m.label}"
        line(
          f"  $rate%8d $label%-20s ${us(h, 50)}%9.1f ${us(h, 99)}%9.1f ${us(h, 99.9)}%9.1f ${h.getMaxValue / 1000.0}%9.1f  ${us(h, 99) / us(floor, 99)}%9.2f  ${r.unanswered}%10d  ${us(r.sendLag, 99)}%9.1f ${r.sendLag.getMaxValue / 1000.0}%9.1f"
        )
      }
      rate -> runs
    }
    line(
      "While the orders flowed: kilobytes allocated an order (every thread, the load's included; the gateway thread alone), threads started, CPU of the gateway thread and of the venue's threads (% of one core), CPU of the whole JVM an order (microseconds), context switches an order (every thread):"
    )
    results.foreach { (rate, runs) =>
      Mode.values.foreach { m =>
        val r = runs(m)
        val label = if (m == Mode.Floor) "no venue (floor)" else s"venue, ${m.label}"
        line(
          f"  $rate%8d $label%-20s ${r.work.allocated / 1024.0 / r.sent}%9.1f ${r.work.gatewayAllocated / 1024.0 / r.sent}%9.1f ${r.work.threadsStarted}%6d ${100.0 * r.work.gatewayCpu / r.work.nanos}%7.1f ${100.0 * r.work.venueCpu / r.work.nanos}%7.1f ${r.work.jvmCpu / 1000.0 / r.sent}%8.1f ${r.work.switches.toDouble / r.sent}%8.2f"
        )
      }
    }
    line(
      s"CPU an order by thread, microseconds: ${groupNames.mkString(", ")} (the JVM's own: the process's CPU less its Java threads'):"
    )
    line(f"  ${""}%8s ${""}%-20s" + groupNames.map(n => f"$n%10s").mkString)
    results.foreach { (rate, runs) =>
      Mode.values.foreach { m =>
        val r = runs(m)
        val label = if (m == Mode.Floor) "no venue (floor)" else s"venue, ${m.label}"
        line(f"  $rate%8d $label%-20s" + r.work.cpuByGroup.map(c => f"${c / 1000.0 / r.sent}%10.1f").mkString)
      }
    }
    line(
      s"Where the time went, microseconds an order from point to point (${FixLoad.pointNames.mkString(" > ")}): p50 / p99 of each stretch over all orders, and its mean over the slowest 1% by round trip:"
    )
    line(f"  ${""}%8s ${""}%-20s ${""}%-8s" + segmentNames.map(n => f"$n%11s").mkString)
    results.foreach { (rate, runs) =>
      Mode.values.foreach { m =>
        val w = runs(m).ways
        val label = if (m == Mode.Floor) "no venue (floor)" else s"venue, ${m.label}"
        def row(what: String, xs: Vector[Double]) =
          line(f"  $rate%8d $label%-20s $what%-8s" + xs.map(x => f"$x%11.1f").mkString)
        row("p50", w.p50)
        row("p99", w.p99)
        row("slowest", w.slowest)
      }
    }
    val underOneMs = results.filter((_, runs) =>
      runs(Mode.Group).unanswered == 0 && us(runs(Mode.Group).histogram, 99) < 1000.0
    )
    line(
      underOneMs.map(_._1).maxOption.fold(
        "Highest rate with the durable (group) p99 under 1 ms: none of the rates measured"
      )(r =>
        f"Highest rate with the durable (group) p99 under 1 ms: $r%,d orders/s (of the rates measured)"
      )
    )
    results.find(_._1 == 10000).foreach { (_, runs) =>
      val floor = us(runs(Mode.Floor).histogram, 99)
      val none = us(runs(Mode.NoFsync).histogram, 99)
      val group = us(runs(Mode.Group).histogram, 99)
      line(
        f"Targets at 10,000 orders/s: none p99 ${none}%.1f <= 1.5 x floor p99 ${1.5 * floor}%.1f: ${
            if (none <= 1.5 * floor) "met" else "not met"
          }; group p99 ${group}%.1f <= floor p99 + 2 x fsync p99 = ${floor + 2 * us(fsync, 99)}%.1f: ${
            if (group <= floor + 2 * us(fsync, 99)) "met" else "not met"
          }"
      )
    }
  }
}
