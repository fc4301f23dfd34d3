package mvt.bench

import mvt.workload.CommandLog

import java.io.{BufferedInputStream, FileInputStream}

/**
 * The forked JVM of one engine's throughput run: loads the command log, warms up, then prints one `pass` line
 * per measured pass on stdout for the parent to read. Usage: `ThroughputChild ENGINE LOG REPEATS`.
 */
object ThroughputChild {
  def main(args: Array[String]): Unit = {
    val Array(label, log, repeats) = args
    val engine = BenchEngine.parse(label).getOrElse(sys.error(s"unknown engine $label"))
    val in = new BufferedInputStream(new FileInputStream(log), 1 << 20)
    val batch =
      try CommandLog.read(in).fold(e => sys.error(s"$log: ${e.render}"), identity)
      finally in.close()
    // warm-up, the same rule for every engine: at least one pass, then more until five passes or ten seconds
    // (the fast engine's C2 code keeps improving for several passes)
    val warmStart = System.nanoTime()
    var warm = 0
    while (warm < 1 || (warm < 5 && System.nanoTime() - warmStart < 10000000000L)) {
      val _ = engine.replay(batch)
      warm += 1
    }
    var i = 0
    while (i < repeats.toInt) {
      System.gc() // start each pass from a collected heap, so GC counts belong to the pass
      val r = PassMeter.measure(engine.replay(batch))
      println(s"pass ${r.nanos} ${r.events} ${r.allocatedBytes} ${r.gcCount} ${r.gcMillis} ${batch.size}")
      i += 1
    }
  }
}
