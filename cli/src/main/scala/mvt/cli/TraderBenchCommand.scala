package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.BenchCommandRun
import mvt.bench.trader.{Pacing, TraderBench, TraderBenchRun}
import Named.given

/** `mvt bench trader`: BBO events sent open loop through every queue policy and interpreter asked for. */
object TraderBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "trader",
      "Open-loop latency and load control of the trader pipeline, by queue policy and rate."
    ) {
      (
        Opt.text("rates", "R1,R2,...")(
          "Comma-separated events per second (default 4000,9000,10000,11000,11500,12000,24000)."
        ).withDefault("4000,9000,10000,11000,11500,12000,24000")
          .mapValidated(CommaList.parse(
            _,
            _.toLongOption.filter(r => r > 0 && r <= 100000000L),
            "rate",
            "1 to 100000000"
          )),
        Opt.int("events", 24000, 1 to 100000000, Opt.Words.Between)(
          "Events sent at each rate (default 24000)."
        ),
        TraderOpts.costNanos(85.0, "CPU microseconds the synthetic strategy burns per decision"),
        TraderOpts.policies("conflate", list = true),
        TraderOpts.queues("100", list = true),
        TraderOpts.interpreters("fold", list = true),
        Named.list[TraderBench.PipelineKind](
          "pipeline",
          s"plain (no deadlines), deadline, or both comma-separated (default deadline).",
          "K"
        ).withDefault(Vector(TraderBench.PipelineKind.Deadline)),
        TraderOpts.budget(
          "Latency budget from the sent time; the deadline pipeline's steps expire at 70/80/90/100% of it (default 10ms)."
        ).withDefault(10000000L),
        Opts.option[Pacing](
          "pacing",
          s"How the producer waits: ${Pacing.values.map(p => s"${p.label} (${p.description})").mkString("; ")}. Default park.",
          metavar = "P"
        ).withDefault(Pacing.Park),
        TraderOpts.parallelism,
        ProfileOpts.seed
      ).mapN(TraderBench.Config.apply).product(Opt.json("Write the figures as JSON."))
        .map((cfg, json) => BenchCommandRun("trader", t, Nil, List(json))(TraderBenchRun(cfg, json, _)))
    }
}
