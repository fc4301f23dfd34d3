package mvt.bench.latency

import mvt.bench.BenchEngine
import mvt.orderbook.Sizing
import mvt.workload.CommandBatch
import org.HdrHistogram.HistogramLogWriter

import java.io.PrintStream

/**
 * Runs the open-loop latency sweep: for each engine and rate, a warm-up on throwaway instances (unpaced, then
 * up to half a second on schedule, never more than the run), then a fresh instance fed `rate * seconds`
 * commands on schedule. `sizing` sizes our exchange: pre-sized, no pool of it grows during the recorded run.
 */
object LatencyBench {

  /** What a run times: one engine, or no engine at all (the harness and machine alone). */
  enum Subject(val label: String) {
    case Of(engine: BenchEngine) extends Subject(engine.label)
    case Floor extends Subject(CommandStepper.FloorLabel)

    /** A fresh instance over `batch`, our exchange sized by `sizing`. */
    def stepper(batch: CommandBatch, sizing: Sizing): CommandStepper = this match {
      case Of(engine) => CommandStepper(engine, batch, sizing)
      case Floor => CommandStepper.floor(batch)
    }
  }

  def runOne(
      subject: Subject,
      batch: CommandBatch,
      rate: Long,
      seconds: Double,
      handoff: OpenLoopDriver.Handoff,
      budgetNanos: Long,
      sizing: Sizing = Sizing.Default,
      round: Int = 1
  ): LatencyResult = {
    val count = math.min(batch.size.toLong, math.max(1L, (rate * seconds).toLong)).toInt
    // warm-up: compile the engine's paths on throwaway instances, unrecorded and unpaced (three passes, as
    // the fast engine's compiled code keeps improving for several)
    val warmCount = math.min(count, 2000000)
    for (_ <- 1 to 3) {
      val warm = subject.stepper(batch, sizing)
      var i = 0
      while (i < warmCount) { warm.step(i); i += 1 }
    }
    // then up to half a second of the paced driver itself, unrecorded, so its loop is compiled and the JVM's own
    // background work (compiler, GC threads) has settled before the recorded run, for every engine and the floor
    OpenLoopDriver.run(
      subject.stepper(batch, sizing),
      math.max(1L, math.min(count.toLong, rate / 2)).toInt,
      rate,
      handoff,
      new LatencyRecorder(budgetNanos)
    )
    System.gc()
    val recorder = new LatencyRecorder(budgetNanos)
    OpenLoopDriver.run(subject.stepper(batch, sizing), count, rate, handoff, recorder)
    LatencyResult(subject.label, rate, handoff.label, recorder, round)
  }

  /** Writes every result's corrected histogram to an HdrHistogram log, tagged `engine@rate/handoff`. */
  def writeLog(results: Vector[LatencyResult], stream: java.io.OutputStream): Unit = {
    val out = new PrintStream(stream, false, "UTF-8")
    try {
      val w = new HistogramLogWriter(out)
      w.outputLogFormatVersion()
      w.outputComment("mvt bench latency: nanoseconds from each command's intended start")
      w.outputLegend()
      results.foreach { r =>
        val h = r.h.copy()
        h.setTag(s"${r.engine}@${r.rate}/${r.handoff}${r.roundSuffix}")
        w.outputIntervalHistogram(h)
      }
    } finally out.flush()
  }
}
