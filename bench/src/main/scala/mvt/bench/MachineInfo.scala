package mvt.bench

import java.lang.management.ManagementFactory
import java.nio.file.{Files, Path, Paths}
import scala.jdk.CollectionConverters.*
import scala.util.{Try, Using}

/** The machine and JVM a figure was measured on, printed beside every benchmark result. */
object MachineInfo {
  def cores: Int = Runtime.getRuntime.availableProcessors
  def jvm: String = s"${System.getProperty("java.vm.name")} ${System.getProperty("java.runtime.version")}"
  def flags: String = ManagementFactory.getRuntimeMXBean.getInputArguments.asScala.mkString(" ")
  def os: String = s"${System.getProperty("os.name")} ${System.getProperty("os.arch")}"

  /**
   * The processor as Linux reports it: model name, family and model numbers (a virtual machine's name is often
   * generic, the numbers are not), clock, and the L2 and L3 sizes of core 0. Two runs of the same build on hosts of
   * one VM kind differed by 40% in absolute speed, so a figure means little without this line. "unknown" where
   * /proc and /sys do not say.
   */
  lazy val cpu: String =
    describeCpu(Paths.get("/proc/cpuinfo"), Paths.get("/sys/devices/system/cpu/cpu0/cache"))

  private[bench] def describeCpu(cpuinfo: Path, caches: Path): String = {
    val fields: Map[String, String] =
      Try(Files.readAllLines(cpuinfo).asScala.takeWhile(_.trim.nonEmpty).flatMap { line =>
        line.split(":", 2) match {
          case Array(k, v) => Some(k.trim -> v.trim)
          case _ => None
        }
      }.toMap).getOrElse(Map.empty)
    def cache(level: Int): Option[String] =
      Using(Files.list(caches))(_.iterator.asScala.toVector).toOption.toVector.flatten
        .filter(d => Try(Files.readString(d.resolve("level")).trim.toInt).toOption.contains(level))
        .filter(d => Try(Files.readString(d.resolve("type")).trim).toOption.exists(_ != "Instruction"))
        .flatMap(d => Try(Files.readString(d.resolve("size")).trim).toOption)
        .headOption
        .map(s => s"L$level $s")
    val name = fields.get("model name").orElse(fields.get("Processor"))
    val numbers = for (f <- fields.get("cpu family"); m <- fields.get("model")) yield s"family $f model $m"
    val mhz = fields.get("cpu MHz").flatMap(_.toDoubleOption).map(m => f"${m.round}%,d MHz")
    val model = (name.toVector ++ numbers.map(n => s"($n)")).mkString(" ")
    val parts = Vector(model).filter(_.nonEmpty) ++ mhz ++ cache(2) ++ cache(3)
    if (parts.isEmpty) "unknown" else parts.mkString(", ")
  }

  /**
   * Runs a benchmark that reports in lines: the machine described on `out` first, then each line `run` gives,
   * flushed as it comes.
   */
  def report(out: java.io.PrintStream)(run: (String => Unit) => Unit): Unit = {
    out.println(describe)
    run(l => { out.println(l); out.flush() })
  }

  def describe: String =
    f"Machine: $cores cores, $os, max heap ${Runtime.getRuntime.maxMemory / (1 << 20)}%,d MiB; CPU: $cpu; JVM: $jvm; flags: [$flags]"
}
