package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{BenchEngine, ThroughputRun}
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
        BenchCommand.json()
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
    BenchCommand.use(
      "throughput",
      t,
      (src match { case Source.File(p) => List(p); case _ => Nil }),
      List(json)
    )(c =>
      BenchCommand.loaded(load(src, t))((batch, workload) =>
        ThroughputRun(batch, workload, engines, repeat, sweep, json, c)
      )
    )
}
