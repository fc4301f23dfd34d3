package mvt.bench

import io.circe.Json
import mvt.workload.{CommandBatch, CommandLog}

import java.io.{BufferedOutputStream, File, FileOutputStream}
import java.lang.management.ManagementFactory
import scala.jdk.CollectionConverters.*

/**
 * Replay throughput of several engines on one command stream, each in a fresh forked JVM with this JVM's
 * flags, after a warm-up; medians and spread over the repeats, allocation per command and GC activity.
 */
object ThroughputBench {

  /** One engine's measured passes. */
  final case class EngineResult(
      engine: String,
      commands: Int,
      passes: Vector[PassResult],
      decodeNanos: Long
  ) {

    /** Commands per second that the binary command log decodes at, in the same JVM. */
    def decodePerSecond: Double = commands * 1e9 / math.max(1L, decodeNanos)
    private def perSecond(n: Long, nanos: Long) = n * 1e9 / math.max(1L, nanos)
    private val sorted = passes.sortBy(_.nanos)
    val median: PassResult = sorted(sorted.size / 2)
    def commandsPerSecond: Double = perSecond(commands.toLong, median.nanos)
    def slowest: Double = perSecond(commands.toLong, sorted.last.nanos)
    def fastest: Double = perSecond(commands.toLong, sorted.head.nanos)
    def eventsPerSecond: Double = perSecond(median.events, median.nanos)

    /** Bytes allocated per command in the median pass; none for a run of no commands. */
    def bytesPerCommand: Option[Double] = ThroughputBench.ratio(median.allocatedBytes.toDouble, commands)
  }

  /** `a / b`, or none when `b` is not positive or the quotient is not finite: a report never prints NaN. */
  def ratio(a: Double, b: Double): Option[Double] =
    if (b > 0) Some(a / b).filter(q => !q.isNaN && !q.isInfinite) else None

  private def javaCommand: String =
    ProcessHandle.current().info().command().orElse(
      new File(System.getProperty("java.home"), "bin/java").getPath
    )

  /** This JVM's flags, minus ones that must not be passed on (debug agents). */
  def jvmFlags: Vector[String] =
    ManagementFactory.getRuntimeMXBean.getInputArguments.asScala.toVector.filterNot(f =>
      f.startsWith("-agentlib") || f.startsWith("-javaagent") || f.startsWith("-Xrunjdwp")
    )

  /** Writes the batch as a temporary command log that forked JVMs load. */
  def tempLog(batch: CommandBatch): File = {
    val f = File.createTempFile("mvt-bench-", ".mvtc")
    f.deleteOnExit()
    val out = new BufferedOutputStream(new FileOutputStream(f), 1 << 20)
    try CommandLog.write(batch, out)
    finally out.close()
    f
  }

  // a JVM running `ThroughputChild` for `engine` on `log` with `repeats` (a count or `ThroughputChild.OnRequest`),
  // with its stderr collected for a failure's message
  private final class Child(val engine: BenchEngine, log: File, repeats: String) {
    private val cmd = (javaCommand +: jvmFlags) ++ Vector(
      "-cp",
      System.getProperty("java.class.path"),
      "mvt.bench.ThroughputChild",
      engine.label,
      log.getPath,
      repeats
    )
    private val proc = new ProcessBuilder(cmd.asJava).redirectError(ProcessBuilder.Redirect.PIPE).start()
    private val err = new StringBuilder
    private val errReader =
      new Thread(() => { val _ = err.append(new String(proc.getErrorStream.readAllBytes())) })
    errReader.setDaemon(true)
    errReader.start()
    private val out = new java.io.BufferedReader(new java.io.InputStreamReader(proc.getInputStream))
    private val in = new java.io.PrintStream(proc.getOutputStream, true)
    var decodeNanos = 0L
    var commands = 0
    val passes = Vector.newBuilder[PassResult]

    // reads lines, keeping what they say, until one that `stop` accepts (true) or the end of the output (false)
    private def readUntil(stop: String => Boolean): Boolean = {
      var stopped = false
      var line = out.readLine()
      while (line != null && !stopped) {
        if (line.startsWith("decode ")) decodeNanos = line.split(" ")(1).toLong
        else if (line.startsWith("pass ")) {
          val f = line.split(" ").drop(1).map(_.toLong)
          passes += PassResult(f(0), f(1), f(2), f(3), f(4))
          commands = f(5).toInt
        }
        stopped = stop(line)
        if (!stopped) line = out.readLine()
      }
      stopped
    }

    /** Waits for the warm-up of a child that measures on request. */
    def awaitReady(): Unit = if (!readUntil(_ == "ready")) fail()

    /** One measured pass of a child that measures on request. */
    def pass(): Unit = {
      in.println("pass")
      if (!readUntil(_.startsWith("pass "))) fail()
    }

    /** Reads the rest, waits for the exit and gives the result; a failed child is an exception (see `fork`). */
    def finish(): EngineResult = {
      in.close()
      val _ = readUntil(_ => false)
      val status = proc.waitFor()
      errReader.join()
      val measured = passes.result()
      if (status != 0 || measured.isEmpty) fail(status)
      EngineResult(engine.label, commands, measured, decodeNanos)
    }

    def fail(status: Int = proc.waitFor()): Nothing = {
      errReader.join()
      if (err.toString.contains("java.lang.OutOfMemoryError"))
        throw new OutOfMemoryError(s"${engine.label} run ran out of memory in its forked JVM")
      throw new IllegalStateException(
        s"${engine.label} run failed (status $status): ${err.toString.trim.take(500)}"
      )
    }

    def destroy(): Unit = if (proc.isAlive) { val _ = proc.destroyForcibly() }
  }

  /**
   * Forks a JVM that runs `engine` on `log`; a failure of the child is an exception with its stderr, and a child
   * that ran out of memory is an `OutOfMemoryError` here too (it has this JVM's flags, so the same heap limit).
   */
  def fork(engine: BenchEngine, log: File, repeats: Int): EngineResult = {
    val child = new Child(engine, log, repeats.toString)
    try child.finish()
    finally child.destroy()
  }

  /**
   * Each engine in its own fresh JVM, as `fork`, but the measured passes taken in turn: every JVM warms up alone
   * (`warming(engine)` is called as each starts), then round after round each engine runs one pass while the others
   * wait. A change of the machine's speed that lasts seconds (other work, a host's clock or a shared core) then
   * reaches every engine's passes alike instead of one engine's JVM, and `paired` compares the passes of one round.
   * The JVMs are alive together, each holding the stream; they exit when this run ends, however it ends.
   */
  def forkInTurn(
      engines: Vector[BenchEngine],
      log: File,
      repeats: Int,
      warming: BenchEngine => Unit = _ => ()
  ): Vector[EngineResult] = {
    val children = Vector.newBuilder[Child]
    try {
      val started = engines.map { e =>
        warming(e)
        val c = new Child(e, log, ThroughputChild.OnRequest)
        children += c
        c.awaitReady()
        c
      }
      for (_ <- 1 to repeats; c <- started) c.pass()
      started.map(_.finish())
    } finally children.result().foreach(_.destroy())
  }

  /** Per round, `fast`'s rate over another engine's: the median, lowest and highest, over `rounds` rounds. */
  final case class Paired(median: Double, lowest: Double, highest: Double, rounds: Int)

  /**
   * `fast`'s commands/s over `other`'s, pass by pass in the order they were measured (round by round when the
   * passes were taken in turn, `forkInTurn`); none when no pass gives a finite ratio.
   */
  def paired(fast: EngineResult, other: EngineResult): Option[Paired] = {
    def rate(r: EngineResult, p: PassResult) = r.commands * 1e9 / math.max(1L, p.nanos)
    val ratios = fast.passes.zip(other.passes).flatMap((f, o) => ratio(rate(fast, f), rate(other, o))).sorted
    Option.when(ratios.nonEmpty)(Paired(ratios(ratios.size / 2), ratios.head, ratios.last, ratios.size))
  }

  /**
   * The report: one row per engine, with its ratio to fast and, when the limit gauge ran, to the limit; then how
   * far fast is from the limit (ratio and nanoseconds a command) and the command log's decoding speed.
   */
  def table(results: Vector[EngineResult]): String = {
    val fast = results.find(_.engine == "fast").map(_.commandsPerSecond)
    val limit = results.find(_.engine == BenchEngine.LimitLabel).map(_.commandsPerSecond)
    def m(x: Double) = f"${x / 1e6}%.2f M"
    val limitHeader = if (limit.isDefined) f" ${"vs limit"}%9s" else ""
    val header =
      f"  ${"engine"}%-22s ${"commands/s"}%12s ${"spread (min..max)"}%22s ${"events/s"}%12s ${"vs fast"}%9s$limitHeader ${"B/command"}%10s ${"GCs"}%5s ${"GC ms"}%7s"
    val rows = results.map { r =>
      val vsFast = fast.fold("")(f => ratio(r.commandsPerSecond, f).fold("-")(x => f"$x%.3fx"))
      val vsLimit = limit.fold("")(l => f" ${ratio(r.commandsPerSecond, l).fold("-")(x => f"$x%.3fx")}%9s")
      val bytes = r.bytesPerCommand.fold("-")(b => f"$b%.1f")
      f"  ${r.engine}%-22s ${m(r.commandsPerSecond)}%12s ${m(r.slowest) + ".." + m(r.fastest)}%22s ${m(r.eventsPerSecond)}%12s $vsFast%9s$vsLimit $bytes%10s ${r.median.gcCount}%5d ${r.median.gcMillis}%7d"
    }
    val distance = for {
      f <- results.find(_.engine == "fast")
      l <- results.find(_.engine == BenchEngine.LimitLabel)
    } yield {
      val share = ratio(f.commandsPerSecond, l.commandsPerSecond).fold("-")(x => f"$x%.3fx")
      val above = (for {
        fn <- ratio(1e9, f.commandsPerSecond)
        ln <- ratio(1e9, l.commandsPerSecond)
      } yield f"${fn - ln}%.1f ns").getOrElse("-")
      f"  distance to the limit (id probe + link/unlink only): fast runs at $share of ${m(l.commandsPerSecond)} commands/s, $above a command above it"
    }
    // the ratio a table's medians give can mix a fast stretch of the machine with a slow one: the same ratio,
    // round by round, when the passes were taken in turn
    val inTurn = results.find(_.engine == "fast").toVector.flatMap { f =>
      val pairs = results.filter(_.engine != "fast").flatMap(o =>
        paired(f, o).map(p => f"${o.engine} ${p.median}%.3fx (${p.lowest}%.3fx..${p.highest}%.3fx)")
      )
      if (pairs.isEmpty) Vector.empty
      else Vector(s"  fast / engine, pass by pass (median, lowest..highest): ${pairs.mkString(", ")}")
    }
    val decode = results.find(_.engine == "fast").map { f =>
      val vsFast =
        ratio(f.decodePerSecond, f.commandsPerSecond).fold("")(x => f", $x%.1fx what fast consumes")
      f"  command log decoding (streaming from memory, best of 10): ${m(f.decodePerSecond)} commands/s$vsFast"
    }
    ((header +: rows) ++ distance ++ inTurn ++ decode).mkString("\n")
  }

  /** Rows of sizes, columns of engines. */
  def sweepTable(rows: Vector[(Int, EngineResult)]): String = {
    val engines = rows.map(_._2.engine).distinct
    val header = f"  ${"commands"}%10s" + engines.map(e => f" $e%22s").mkString
    val lines = rows.groupBy(_._1).toVector.sortBy(_._1).map { (n, rs) =>
      f"  $n%10d" + engines.map(e =>
        rs.find(_._2.engine == e).fold(f" ${"-"}%22s")(r => f" ${r._2.commandsPerSecond / 1e6}%20.3f M")
      ).mkString
    }
    (header +: lines).mkString("\n")
  }

  private def num(d: Double): Json = Json.fromDoubleOrNull(d)

  /** The machine the figures come from, as every `mvt bench` JSON report carries it. */
  def machineJson: Json =
    Json.obj(
      "cores" -> Json.fromInt(MachineInfo.cores),
      "os" -> Json.fromString(MachineInfo.os),
      "jvm" -> Json.fromString(MachineInfo.jvm),
      "flags" -> Json.fromString(jvmFlags.mkString(" ")),
      "cpu" -> Json.fromString(MachineInfo.cpu)
    )

  def json(results: Vector[EngineResult], sweep: Vector[(Int, EngineResult)], workload: String): String = {
    def engine(r: EngineResult) =
      Json.obj(
        "engine" -> Json.fromString(r.engine),
        "commands" -> Json.fromLong(r.commands.toLong),
        "repeats" -> Json.fromInt(r.passes.size),
        "commandsPerSecond" -> num(r.commandsPerSecond),
        "commandsPerSecondMin" -> num(r.slowest),
        "commandsPerSecondMax" -> num(r.fastest),
        "eventsPerSecond" -> num(r.eventsPerSecond),
        "bytesPerCommand" -> r.bytesPerCommand.fold(Json.Null)(num),
        "gcCount" -> Json.fromLong(r.median.gcCount),
        "gcMillis" -> Json.fromLong(r.median.gcMillis),
        "vsLimit" -> results.find(_.engine == BenchEngine.LimitLabel)
          .flatMap(l => ratio(r.commandsPerSecond, l.commandsPerSecond))
          .fold(Json.Null)(num),
        "fastOverThisPaired" -> results.find(_.engine == "fast").flatMap(paired(_, r)).fold(Json.Null)(p =>
          Json.obj(
            "median" -> num(p.median),
            "lowest" -> num(p.lowest),
            "highest" -> num(p.highest),
            "rounds" -> Json.fromInt(p.rounds)
          )
        )
      )
    Json
      .obj(
        "machine" -> machineJson,
        "workload" -> Json.fromString(workload),
        "engines" -> Json.arr(results.map(engine)*),
        "sweep" -> Json.arr(sweep.map((n, r) => Json.obj("size" -> Json.fromInt(n), "result" -> engine(r)))*)
      )
      .spaces2
  }

}
