package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{DemoReport, TimedReplay}
import mvt.orderbook.Engine
import mvt.workload.RandomSession

/** `mvt demo`: a seeded random session through the fast engine and the lazy-cancel baseline. */
object DemoCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("demo", "Run a seeded random trading session through the fast engine and a baseline.") {
      (
        Opts.option[Int]("commands", "Commands in the session (default 2000000).", metavar = "N")
          .withDefault(2000000)
          .validate("--commands must be positive")(_ > 0),
        Opts.option[Int]("symbols", "Symbols (default 20).", metavar = "K")
          .withDefault(20)
          .validate("--symbols must be between 1 and 1000")(k => k >= 1 && k <= 1000),
        Opts.option[Long]("seed", "Random seed (default 42).", metavar = "S").withDefault(42L),
        EngineOpt.baseline
      ).mapN((n, k, seed, baseline) =>
        run(RandomSession.Params(commands = n, symbols = k, seed = seed), baseline, t)
      )
    }

  def run(params: RandomSession.Params, baseline: Engine, t: Terminal): IO[ExitCode] = IO.blocking {
    val progress = ProgressBar(t.err)
    t.out.println(
      f"mvt demo: ${params.commands}%,d commands over ${params.symbols} symbols, seed ${params.seed}\n"
    )
    val batch = progress.phase("generating")(RandomSession.generate(params))
    progress.phase("warm-up") {
      // a short session of another seed first, so the timed passes run compiled code
      val warm = RandomSession.generate(params.copy(
        commands = math.min(params.commands, 300000),
        seed = params.seed + 1
      ))
      Vector(Engine.Fast, baseline).foreach(e => TimedReplay.run(e, warm))
    }
    val fast = progress.phase(Engine.Fast.label)(TimedReplay.run(Engine.Fast, batch, progress))
    val base = progress.phase(baseline.label)(TimedReplay.run(baseline, batch, progress))
    t.out.println(DemoReport.events(fast, batch))
    t.out.println()
    t.out.println(DemoReport.throughput(fast, base))
    t.out.println()
    t.out.println(DemoReport.busiestBooks(fast, batch))
    t.out.flush()
    if (fast.events.digest == base.events.digest) ExitCode.Success else Cli.Failure
  }
}
