package mvt.bench.latency

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import mvt.bench.{BenchCommandRun, BenchConsole, BenchEngine, MachineInfo, ThroughputBench}
import mvt.core.console.{Blocking, Terminal}
import mvt.orderbook.Sizing
import mvt.workload.{CommandBatch, CommandFiles}

/**
 * `mvt bench latency`: every subject (the floor first, if asked for, then each engine) at every rate, round after
 * round, each run by [[LatencyBench.runOne]]; prints the table and the ratios to the floor, writes the files.
 */
object LatencyRun {

  /**
   * A sweep as `mvt bench latency` takes it, in the order of its options: the commands of `in` (or a generated
   * flow) sent at each rate; `budgetNanos` sets the in-budget share, `perBook` pre-sizes.
   */
  final case class Settings(
      engines: Vector[BenchEngine],
      sweep: LatencyLimits.Sweep,
      in: Option[String],
      handoff: OpenLoopDriver.Handoff,
      budgetNanos: Long,
      naive: Boolean,
      floor: Boolean,
      hlog: Option[String],
      html: Option[String],
      json: Option[String],
      perBook: Option[Int],
      rounds: Int
  ) {
    def rates: Vector[Long] = sweep.rates
    def seconds: Double = sweep.seconds
  }

  /** `mvt bench latency`: the commands of `in` (or the generated flow) loaded, then the sweep. */
  def command(s: Settings, t: Terminal): IO[ExitCode] = {
    val batch = s.in.fold(Blocking(LatencyLimits.generated(s.sweep).asRight[ExitCode]))(
      CommandFiles.readBatch("bench latency", _, t)
    )
    BenchCommandRun.use("latency", t, s.in.toList, List(s.hlog, s.html, s.json))(c =>
      BenchCommandRun.loaded(batch)(LatencyRun(s, _, c))
    )
  }

  def apply(s: Settings, batch: CommandBatch, c: BenchConsole): Unit = {
    c.out.println(MachineInfo.describe)
    c.out.println(
      f"Open loop, ${s.handoff.label} handoff, ${s.seconds}%.1f s per run, budget ${s.budgetNanos / 1000.0}%.1f µs; latencies in µs from the intended start"
    )
    s.perBook.foreach(n => c.out.println(f"Our books pre-sized for $n%,d resting orders each"))
    val subjects =
      (if (s.floor) Vector(LatencyBench.Subject.Floor) else Vector.empty) ++ s.engines.map(
        LatencyBench.Subject.Of(_)
      )
    val sizing = s.perBook.fold(Sizing.Default)(Sizing.upFront(_, batch.symbols.size))
    val results = for (round <- (1 to s.rounds).toVector; subject <- subjects; r <- s.rates) yield {
      val label = s"${subject.label} at $r/s" + (if (s.rounds > 1) s" (round $round of ${s.rounds})" else "")
      c.err.println(s"  $label...")
      val result = LatencyBench.runOne(subject, batch, r, s.seconds, s.handoff, s.budgetNanos, sizing, round)
      c.done(label)
      result
    }
    c.out.println(LatencyResult.table(results, s.naive))
    val ratios = LatencyResult.floorRatios(results, CommandStepper.FloorLabel)
    if (ratios.nonEmpty) {
      c.out.println("Against the floor (the no-engine row of the same rate and round):")
      LatencyResult.floorRatioLines(ratios).foreach(c.out.println)
    }
    s.hlog.foreach(path => LatencyBench.writeLog(results, c.files.stream(path)))
    c.write(s.html, PercentileChart.html(results, "mvt open-loop latency", MachineInfo.describe))
    c.write(s.json, LatencyResult.json(results, ThroughputBench.machineJson, s.budgetNanos))
  }
}
