package mvt.bench

import java.lang.management.ManagementFactory
import scala.jdk.CollectionConverters.*

/** The machine and JVM a figure was measured on, printed beside every benchmark result. */
object MachineInfo {
  def cores: Int = Runtime.getRuntime.availableProcessors
  def jvm: String = s"${System.getProperty("java.vm.name")} ${System.getProperty("java.runtime.version")}"
  def flags: String = ManagementFactory.getRuntimeMXBean.getInputArguments.asScala.mkString(" ")
  def os: String = s"${System.getProperty("os.name")} ${System.getProperty("os.arch")}"

  def describe: String =
    f"Machine: $cores cores, $os, max heap ${Runtime.getRuntime.maxMemory / (1 << 20)}%,d MiB; JVM: $jvm; flags: [$flags]"
}
