package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{BenchEngine, MachineInfo, ThroughputBench}
import mvt.workload.{CommandBatch, ProfileGenerator}

/** `mvt bench throughput`: every engine on the identical stream, each in a fresh JVM. */
object ThroughputCommand {

  /** The stream: a file (commands or command log) or a generated profile flow. */
  enum Source {
    case File(path: String)
    case Generate(n: Int, profile: mvt.workload.WorkloadProfile, seed: Long)
  }

  private val source: Opts[Source] =
    Opts.option[String]("in", "Commands file or binary command log to replay.", metavar = "FILE").map(
      Source.File(_)
    )
      .orElse(
        (
          Opts.option[Int]("generate", "Generate N commands instead of reading a file.", metavar = "N")
            .validate("--generate must be positive")(_ > 0),
          ProfileOpts.profile,
          ProfileOpts.seed
        ).mapN(Source.Generate(_, _, _))
      )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "throughput",
      "Replay throughput of every engine on one stream, each in a fresh forked JVM."
    ) {
      (
        source,
        EngineOpt.benchEngines("Engines, comma-separated (default all; the limit gauge always runs)")
          .withDefault(BenchEngine.all),
        Opts.option[Int]("repeat", "Measured passes per engine (default 5).", metavar = "R")
          .withDefault(5)
          .validate("--repeat must be positive")(_ > 0),
        Opts.flag("sweep", "Also time the baselines at 250k, 500k, 750k and 1M commands of the stream.").orFalse,
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone
      ).mapN((src, engines, repeat, sweep, json) => run(src, engines, repeat, sweep, json, t))
    }

  private def load(src: Source, t: Terminal): IO[Either[ExitCode, (CommandBatch, String)]] = src match {
    case Source.Generate(n, p, seed) =>
      Blocking(Right((
        ProfileGenerator.generate(p, n, seed).batch,
        s"generated: $n commands, profile ${p.name}, seed $seed"
      )))
    case Source.File(path) =>
      BatchFiles.read("bench throughput", path, t).map(_.map(b => (b, s"file: $path (${b.size} commands)")))
  }

  def run(
      src: Source,
      engines: Vector[BenchEngine],
      repeat: Int,
      sweep: Boolean,
      json: Option[String],
      t: Terminal
  ): IO[ExitCode] =
    Outputs.use(
      "bench throughput",
      t,
      (src match { case Source.File(p) => List(p); case _ => Nil }),
      List(json)
    )(outputs =>
      load(src, t).flatMap {
        case Left(code) => IO.pure(code)
        case Right((batch, workload)) =>
          Blocking {
            t.out.println(MachineInfo.describe)
            t.out.println(
              s"Workload: $workload; $repeat measured passes per engine, each engine in a fresh JVM after a warm-up"
            )
            val log = ThroughputBench.tempLog(batch)
            Interrupts.remember(log.toPath) // an interrupt removes it; deleteOnExit would not run
            // the limit gauge always runs, so that every table gives the distance to it
            val measured = if (engines.contains(BenchEngine.Limit)) engines else engines :+ BenchEngine.Limit
            val results = measured.map { e =>
              t.err.println(s"  running ${e.label}...")
              val r = ThroughputBench.fork(e, log, repeat)
              Interrupts.done(e.label)
              r
            }
            t.out.println(ThroughputBench.table(results))
            val sweepResults =
              if (!sweep) Vector.empty
              else {
                val sizes = Vector(250000, 500000, 750000, 1000000).filter(_ <= batch.size)
                val sweepEngines = engines.filter(_.label != "fast") :+ BenchEngine.parse("fast").get
                val rows = for (n <- sizes; e <- sweepEngines) yield {
                  t.err.println(s"  sweep: ${e.label} on the first $n commands...")
                  (n, ThroughputBench.fork(e, ThroughputBench.tempLog(batch.prefix(n)), 1))
                }
                t.out.println("\nBook-size sweep (commands/s, one pass after warm-up):")
                t.out.println(ThroughputBench.sweepTable(rows))
                rows
              }
            json.foreach(path =>
              outputs.text(path, ThroughputBench.json(results, sweepResults, workload))
            )
            ExitCode.Success
          }
      }
    )
}
