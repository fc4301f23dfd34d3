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

  /**
   * Forks a JVM that runs `engine` on `log`; a failure of the child is an exception with its stderr, and a child
   * that ran out of memory is an `OutOfMemoryError` here too (it has this JVM's flags, so the same heap limit).
   */
  def fork(engine: BenchEngine, log: File, repeats: Int): EngineResult = {
    val cmd = (javaCommand +: jvmFlags) ++ Vector(
      "-cp",
      System.getProperty("java.class.path"),
      "mvt.bench.ThroughputChild",
      engine.label,
      log.getPath,
      repeats.toString
    )
    val proc = new ProcessBuilder(cmd.asJava).redirectError(ProcessBuilder.Redirect.PIPE).start()
    proc.getOutputStream.close()
    val err = new StringBuilder
    val errReader = new Thread(() => { val _ = err.append(new String(proc.getErrorStream.readAllBytes())) })
    errReader.setDaemon(true)
    errReader.start()
    val lines = scala.io.Source.fromInputStream(proc.getInputStream).getLines().toVector
    val status = proc.waitFor()
    errReader.join()
    val passes = lines.filter(_.startsWith("pass ")).map { l =>
      val f = l.split(" ").drop(1).map(_.toLong)
      PassResult(f(0), f(1), f(2), f(3), f(4))
    }
    val commands = lines.find(_.startsWith("pass ")).map(_.split(" ").last.toInt).getOrElse(0)
    val decodeNanos = lines.find(_.startsWith("decode ")).map(_.split(" ")(1).toLong).getOrElse(0L)
    if (status != 0 && err.toString.contains("java.lang.OutOfMemoryError"))
      throw new OutOfMemoryError(s"${engine.label} run ran out of memory in its forked JVM")
    if (status != 0 || passes.isEmpty)
      throw new IllegalStateException(
        s"${engine.label} run failed (status $status): ${err.toString.trim.take(500)}"
      )
    EngineResult(engine.label, commands, passes, decodeNanos)
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
    val decode = results.find(_.engine == "fast").map { f =>
      val vsFast =
        ratio(f.decodePerSecond, f.commandsPerSecond).fold("")(x => f", $x%.1fx what fast consumes")
      f"  command log decoding (streaming from memory, best of 10): ${m(f.decodePerSecond)} commands/s$vsFast"
    }
    ((header +: rows) ++ distance ++ decode).mkString("\n")
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
          .fold(Json.Null)(num)
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
