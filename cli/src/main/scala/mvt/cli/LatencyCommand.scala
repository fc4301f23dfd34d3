package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.latency.{LatencyLimits, LatencyRun, OpenLoopDriver}
import mvt.core.DurationText
import Named.given

/** `mvt bench latency`: open-loop latency from each command's intended start, per engine and rate. */
object LatencyCommand {

  /** `--rates` and `--duration`, with at most `LatencyLimits.MaxCommandsPerRun` commands in a run. */
  private val sweep: Opts[LatencyLimits.Sweep] = (
    Opt.text("rates", "R1,R2,...")(
      f"Comma-separated commands per second, e.g. 45000,1000000 (at most ${LatencyLimits.MaxRate}%,d)."
    ).mapValidated(LatencyLimits.rates),
    Opt.checked(
      "duration",
      "Seconds per engine and rate (default 5).",
      "S",
      5.0,
      "--duration must be positive"
    )(_ > 0)
  ).tupled.mapValidated((rates, seconds) => LatencyLimits.sweep(rates, seconds))

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("latency", "Open-loop latency, measured from each command's intended start time.") {
      (
        EngineOpt.benchEngines("Engine, or a comma-separated list"),
        sweep,
        Opt.file("in")("Commands file or command log to send (default: generated normal flow)."),
        Opts.option[OpenLoopDriver.Handoff](
          "handoff",
          "direct (the driver thread runs the engine one command at a time, the default), ring (a gateway thread hands over) or batch (as direct, but a late command takes every command already due into one replay)."
        ).withDefault(OpenLoopDriver.Handoff.Direct),
        Opt.text("budget", "DURATION")("Latency budget for the in-budget share (default 100us).")
          .withDefault("100us")
          .mapValidated(b => DurationText.nanos(b).toValidNel(s"bad budget '$b' (e.g. 50us, 2ms)")),
        Opt.flag("naive")(
          "Also show service-time-only figures, as a coordinated-omission-blind benchmark would."
        ),
        Opt.flag("floor")(
          "Also run each rate with no engine (labelled none): the harness and machine alone, the floor under the engines' p99 and p99.9."
        ),
        Opt.file("hlog")("Write the histograms as an HdrHistogram log."),
        Opt.file("html")("Write a percentile-distribution chart as a standalone HTML page."),
        Opt.json("Write the figures as JSON."),
        Opt.number("orders-per-book")(
          "Size our engines' pools for N resting orders a book up front, as a deployment that knows its depth would, so none grows (and pauses to copy) during a run (default: start small and grow)."
        ).validate("--orders-per-book must be between 1 and 16,777,216")(n => n >= 1 && n <= (1 << 24)).orNone,
        Opt.int("rounds", 1, 1 to 20, Opt.Words.Between, "R")(
          "Run the whole sweep R times, one round after the other (default 1); with --floor, each engine's p99 and p99.9 over the floor's of the same round, round by round and their median."
        )
      ).mapN(LatencyRun.Settings.apply).map(LatencyRun.command(_, t))
    }
}
