package mvt.bench

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import mvt.core.console.{Blocking, Terminal}
import mvt.workload.{CommandBatch, CommandFiles, ProfileGenerator, WorkloadProfile}

/**
 * `mvt bench throughput`: every engine asked for, and always the limit gauge, replays `batch` in a fresh forked
 * JVM; optionally the book-size sweep. Prints the tables and writes the JSON document.
 */
object ThroughputRun {

  /** The stream: a file (commands or command log) or a generated profile flow. */
  enum Source {
    case File(path: String)
    case Generate(n: Int, profile: WorkloadProfile, seed: Long)

    /** The files the run reads. */
    def inputs: List[String] = this match {
      case File(path) => List(path)
      case _ => Nil
    }
  }

  /** A generated stream and how the run describes it. */
  def generated(n: Int, p: WorkloadProfile, seed: Long): (CommandBatch, String) =
    (ProfileGenerator.generate(p, n, seed).batch, s"generated: $n commands, profile ${p.name}, seed $seed")

  /** How the run describes a stream read from `path`. */
  def fromFile(path: String, b: CommandBatch): (CommandBatch, String) =
    (b, s"file: $path (${b.size} commands)")

  /** `mvt bench throughput`: the stream loaded (a bad file ends the run with its status), then the run. */
  def command(
      src: Source,
      engines: Vector[BenchEngine],
      repeat: Int,
      sweep: Boolean,
      json: Option[String],
      t: Terminal
  ): IO[ExitCode] = {
    val load = src match {
      case Source.Generate(n, p, seed) => Blocking(generated(n, p, seed).asRight[ExitCode])
      case Source.File(path) =>
        CommandFiles.readBatch("bench throughput", path, t).map(_.map(fromFile(path, _)))
    }
    BenchCommandRun.use("throughput", t, src.inputs, List(json))(c =>
      BenchCommandRun.loaded(load)(ThroughputRun(_, _, engines, repeat, sweep, json, c))
    )
  }

  def apply(
      batch: CommandBatch,
      workload: String,
      engines: Vector[BenchEngine],
      repeat: Int,
      sweep: Boolean,
      json: Option[String],
      c: BenchConsole
  ): Unit = {
    c.out.println(MachineInfo.describe)
    c.out.println(
      s"Workload: $workload; $repeat measured passes per engine, each engine in a fresh JVM after a warm-up, the " +
        "engines' passes taken in turn"
    )
    val log = ThroughputBench.tempLog(batch)
    c.temporary(log.toPath)
    // the limit gauge always runs, so that every table gives the distance to it
    val measured = if (engines.contains(BenchEngine.Limit)) engines else engines :+ BenchEngine.Limit
    val results =
      ThroughputBench.forkInTurn(measured, log, repeat, e => c.err.println(s"  warming up ${e.label}..."))
    c.err.println(s"  measured $repeat rounds")
    results.foreach(r => c.done(r.engine))
    c.out.println(ThroughputBench.table(results))
    val sweepResults =
      if (!sweep) Vector.empty
      else {
        val sizes = Vector(250000, 500000, 750000, 1000000).filter(_ <= batch.size)
        val sweepEngines = engines.filter(_.label != "fast") :+ BenchEngine.parse("fast").get
        val rows = for (n <- sizes; e <- sweepEngines) yield {
          c.err.println(s"  sweep: ${e.label} on the first $n commands...")
          (n, ThroughputBench.fork(e, ThroughputBench.tempLog(batch.prefix(n)), 1))
        }
        c.out.println("\nBook-size sweep (commands/s, one pass after warm-up):")
        c.out.println(ThroughputBench.sweepTable(rows))
        rows
      }
    c.write(json, ThroughputBench.json(results, sweepResults, workload))
  }
}
