package mvt.bench.trader

import mvt.trader.pipeline.*
import mvt.trader.strategy.*

import mvt.trader.*
import mvt.workload.WorkloadProfile
import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * What one consumer thread does per event with a zero-cost strategy: the fold interpreter running the trader's
 * pipeline (every deadline checked, or none), then recording the outcome and both latencies.
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class PipelineBench {
  @Param(Array("deadline", "plain")) var pipeline: String = uninitialized

  private var updates: Array[BboUpdated] = uninitialized
  private var program: Pipeline[Option[Decision]] = uninitialized
  private val interpreter = new FoldInterpreter(new SyntheticStrategy(0))
  private var metrics: TraderMetrics = uninitialized
  private var i = 0

  @Setup(Level.Trial) def setup(): Unit = {
    updates = BboStream.generate(WorkloadProfile.normal, 4096, 42L)
    // an hour's budget: the deadlines are all checked, and none expires
    val kind = if (pipeline == "plain") TraderBench.PipelineKind.Plain else TraderBench.PipelineKind.Deadline
    program = TraderBench.pipeline(kind, 3600L * 1000000000L)
    metrics = new TraderMetrics(concurrent = false)
  }

  @Benchmark def processEvent(): Outcome = {
    val e = BboEvent(updates(i & 4095), System.nanoTime())
    i += 1
    val picked = System.nanoTime()
    val outcome = interpreter.run(program, e)
    metrics.record(e, outcome, picked, System.nanoTime())
    outcome
  }
}
