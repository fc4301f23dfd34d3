package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{BenchEngine, ThroughputRun}
import mvt.bench.ThroughputRun.Source

/** `mvt bench throughput`: every engine on the identical stream, each in a fresh JVM. Wiring: `ThroughputRun`. */
object ThroughputCommand {

  private val source: Opts[Source] =
    Opt.text("in", "FILE")("Commands file or binary command log to replay.").map(
      Source.File(_)
    )
      .orElse((
        Opt.number("generate")("Generate N commands instead of reading a file.")
          .validate("--generate must be positive")(_ > 0),
        ProfileOpts.profile,
        ProfileOpts.seed
      ).mapN(Source.Generate(_, _, _)))

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "throughput",
      "Replay throughput of every engine on one stream, each in a fresh forked JVM."
    ) {
      (
        source,
        EngineOpt.benchEngines("Engines, comma-separated (default all; the limit gauge always runs)")
          .withDefault(BenchEngine.all),
        Opts.option[Int]("repeat", "Measured passes per engine (default 5).", metavar = "R").withDefault(5)
          .validate("--repeat must be positive")(_ > 0),
        Opt.flag("sweep")("Also time the baselines at 250k, 500k, 750k and 1M commands of the stream."),
        Opt.json()
      ).mapN(ThroughputRun.command(_, _, _, _, _, t))
    }
}
