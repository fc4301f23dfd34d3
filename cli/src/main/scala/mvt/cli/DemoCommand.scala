package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.demo.{ClientVolumes, DemoReport, DemoTrader, TimedReplay}
import mvt.core.EventSink
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.{AccountMix, ProfileGenerator, WorkloadProfile}

/** `mvt demo`: a seeded trading session through the fast engine and a baseline. */
object DemoCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("demo", "Run a seeded trading session through the fast engine and a baseline.") {
      (
        Opts.option[Int]("commands", "Commands in the session (default 2000000).", metavar = "N")
          .withDefault(2000000)
          .validate("--commands must be positive")(_ > 0),
        ProfileOpts.profile,
        ProfileOpts.seed,
        EngineOpt.baseline
      ).mapN((n, profile, seed, baseline) => run(n, profile, seed, baseline, t))
    }

  def run(commands: Int, profile: WorkloadProfile, seed: Long, baseline: Engine, t: Terminal): IO[ExitCode] =
    Blocking {
      val progress = ProgressBar(t.err)
      t.out.println(
        f"mvt demo: $commands%,d commands of the ${profile.name} profile over ${profile.symbols} symbols, seed $seed\n"
      )
      // a thousand clients with Zipf activity place 80% of the orders, the house the rest
      val clients = AccountMix(1000, houseShare = 0.2)
      val batch =
        progress.phase("generating")(ProfileGenerator.generate(profile, commands, seed, Some(clients))).batch
      progress.phase("warm-up") {
        // a short session of another seed first, so the timed passes run compiled code
        val warm = ProfileGenerator.generate(profile, math.min(commands, 300000), seed + 1).batch
        Vector(Engine.Fast, baseline).foreach(e => (1 to 3).foreach(_ => TimedReplay.run(e, warm)))
      }
      val fast = progress.phase(Engine.Fast.label)(TimedReplay.run(Engine.Fast, batch, progress))
      val base = progress.phase(baseline.label)(TimedReplay.run(baseline, batch, progress))
      t.out.println(DemoReport.events(fast, batch))
      t.out.println()
      t.out.println(DemoReport.throughput(fast, base))
      t.out.println()
      t.out.println(DemoReport.busiestBooks(fast, batch))
      t.out.println()
      val volumes = new ClientVolumes
      progress.phase("trade feed")(batch.replay(new TradingDay(
        Engine.Fast,
        EventSink.Ignore,
        Some(volumes),
        None
      )))
      t.out.println(DemoReport.topClients(volumes))
      t.out.println()
      val (summary, decisions) = progress.phase("trader")(DemoTrader.run(batch))
      t.out.println(DemoTrader.report(summary, decisions))
      t.out.flush()
      if (fast.events.digest == base.events.digest) ExitCode.Success else Cli.Failure
    }
}
