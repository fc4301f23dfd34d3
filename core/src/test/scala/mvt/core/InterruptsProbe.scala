package mvt.core

import java.nio.file.Path

/**
 * A JVM for [[InterruptsSuite]] to signal: installs the handler, remembers the temporary file `args(0)`, records
 * one finished measurement, with `args(1) == "stop"` gives a clean stop of its own, says `ready` and waits.
 */
object InterruptsProbe {
  def main(args: Array[String]): Unit = {
    Interrupts.install("mvt probe", System.err)
    Interrupts.remember(Path.of(args(0)))
    Interrupts.done("first")
    if (args(1) == "stop") Interrupts.stopWith { () =>
      System.out.println("stopping on my own"); System.out.flush(); Runtime.getRuntime.halt(0)
    }
    System.out.println("ready")
    System.out.flush()
    Thread.sleep(Long.MaxValue)
  }
}
