package mvt.bench

import mvt.workload.{CommandLog, CommandLogReader}

import java.io.{BufferedReader, ByteArrayInputStream, InputStreamReader}

/**
 * The forked JVM of one engine's throughput run: loads the command log, warms up, then prints one `pass` line per
 * measured pass on stdout for the parent to read. Usage: `ThroughputChild ENGINE LOG REPEATS` measures REPEATS
 * passes in a row; `ThroughputChild ENGINE LOG on-request` prints `ready` after its warm-up, then measures one pass
 * for each `pass` line on stdin and exits when stdin ends, so that a parent can take the passes of several engines
 * in turn (`ThroughputBench.forkInTurn`).
 */
object ThroughputChild {

  /** The REPEATS argument of a child that measures a pass each time it is asked. */
  inline val OnRequest = "on-request"

  def main(args: Array[String]): Unit = {
    val Array(label, log, repeats) = args
    val engine = BenchEngine.parse(label).getOrElse(sys.error(s"unknown engine $label"))
    val bytes = java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(log))
    val batch =
      CommandLog.read(new ByteArrayInputStream(bytes)).fold(e => sys.error(s"$log: ${e.render}"), identity)
    // decoding speed, so a report can show that reading is never the bottleneck: the best of ten streaming
    // decodes from memory, each checking every record into the reader's reused block, as a replay reads
    val decodeNanos = (1 to 10).map { _ =>
      val t0 = System.nanoTime()
      val n =
        CommandLogReader.decodeAll(new ByteArrayInputStream(bytes)).fold(e => sys.error(e.render), identity)
      val t = System.nanoTime() - t0
      require(n == batch.size, s"decoded $n of ${batch.size} commands")
      t
    }.min
    println(s"decode $decodeNanos ${batch.size}")
    // warm-up, the same rule for every engine: at least one pass, then more until five passes or ten seconds
    // (the fast engine's C2 code keeps improving for several passes)
    val warmStart = System.nanoTime()
    var warm = 0
    while (warm < 1 || (warm < 5 && System.nanoTime() - warmStart < 10000000000L)) {
      val _ = engine.replay(batch)
      warm += 1
    }
    def measure(): Unit = {
      System.gc() // start each pass from a collected heap, so GC counts belong to the pass
      val r = PassMeter.measure(engine.replay(batch))
      println(s"pass ${r.nanos} ${r.events} ${r.allocatedBytes} ${r.gcCount} ${r.gcMillis} ${batch.size}")
      Console.out.flush()
    }
    if (repeats == OnRequest) {
      println("ready")
      Console.out.flush()
      val in = new BufferedReader(new InputStreamReader(System.in))
      var line = in.readLine()
      while (line != null) {
        if (line == "pass") measure()
        line = in.readLine()
      }
    } else {
      var i = 0
      while (i < repeats.toInt) {
        measure()
        i += 1
      }
    }
  }
}
