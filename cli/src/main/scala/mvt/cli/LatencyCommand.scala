package mvt.cli

import cats.data.{Validated, ValidatedNel}
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.latency.{LatencyRun, OpenLoopDriver}
import mvt.workload.{CommandBatch, ProfileGenerator}
import Named.given

/** `mvt bench latency`: open-loop latency from each command's intended start, per engine and rate. */
object LatencyCommand {

  /** A duration such as `500ns`, `20us`, `2ms` or `1s`, in nanoseconds. */
  def parseNanos(s: String): Option[Long] = {
    val units = Vector("ns" -> 1L, "us" -> 1000L, "µs" -> 1000L, "ms" -> 1000000L, "s" -> 1000000000L)
    units.collectFirst {
      case (u, f) if s.endsWith(u) && s.dropRight(u.length).toDoubleOption.isDefined =>
        (s.dropRight(u.length).toDouble * f).toLong
    }.filter(_ > 0)
  }

  /**
   * The highest rate `--rates` takes: above what the open-loop driver can pace (on the development machine it
   * falls behind from the start at this rate, to a p50 of hundreds of ms), so it only refuses rates that could
   * never be met. Unbounded, a rate of 1e12/s generated commands past 1.6 GB before it began.
   */
  val MaxRate: Long = 10000000L

  /**
   * The most commands one run (one engine at one rate) sends, `rate × duration`: 10,000,000/s for the default
   * 5 s. It is also the most commands generated for the default flow (about 34 bytes each in memory), so a
   * generated flow always covers a run.
   */
  val MaxCommandsPerRun: Long = 50000000L

  /** One rate: a whole number of commands per second from 1 to [[MaxRate]]. */
  private def rate(s: String): ValidatedNel[String, Long] = {
    val text = s.trim
    if (!text.matches("[0-9]+") || BigInt(text) < 1)
      Validated.invalidNel(s"bad rate '$s' (expected a whole number of commands per second)")
    else if (BigInt(text) > MaxRate)
      Validated.invalidNel(
        f"rate $text is above the most --rates takes, $MaxRate%,d commands/s (far more than the open-loop driver can pace)"
      )
    else Validated.validNel(text.toLong)
  }

  /** `--rates` and `--duration`, with at most [[MaxCommandsPerRun]] commands in a run at the highest rate. */
  private val ratesAndDuration: Opts[(Vector[Long], Double)] =
    (
      Opts.option[String](
        "rates",
        f"Comma-separated commands per second, e.g. 45000,1000000 (at most $MaxRate%,d).",
        metavar = "R1,R2,..."
      )
        .mapValidated(_.split(",", -1).toVector.traverse(rate)),
      Opts.option[Double]("duration", "Seconds per engine and rate (default 5).", metavar = "S")
        .withDefault(5.0)
        .validate("--duration must be positive")(_ > 0)
    ).tupled.mapValidated { (rates, seconds) =>
      val commands = rates.max.toDouble * seconds
      if (commands <= MaxCommandsPerRun) Validated.validNel((rates, seconds))
      else
        Validated.invalidNel(
          f"a run may send at most $MaxCommandsPerRun%,d commands (rate × duration), but ${rates.max}%,d/s for $seconds%s s is $commands%,.0f: lower the rate or the duration"
        )
    }

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("latency", "Open-loop latency, measured from each command's intended start time.") {
      (
        EngineOpt.benchEngines("Engine, or a comma-separated list"),
        ratesAndDuration,
        Opts.option[String](
          "in",
          "Commands file or command log to send (default: generated normal flow).",
          metavar = "FILE"
        ).orNone,
        Opts.option[OpenLoopDriver.Handoff](
          "handoff",
          "direct (the driver thread runs the engine one command at a time, the default), ring (a gateway thread hands over) or batch (as direct, but a late command takes every command already due into one replay)."
        )
          .withDefault(OpenLoopDriver.Handoff.Direct),
        Opts.option[String](
          "budget",
          "Latency budget for the in-budget share (default 100us).",
          metavar = "DURATION"
        )
          .withDefault("100us")
          .mapValidated(b =>
            Validated.fromOption(parseNanos(b), s"bad budget '$b' (e.g. 50us, 2ms)").toValidatedNel
          ),
        Opts.flag(
          "naive",
          "Also show service-time-only figures, as a coordinated-omission-blind benchmark would."
        ).orFalse,
        Opts.flag(
          "floor",
          "Also run each rate with no engine (labelled none): the harness and machine alone, the floor under the engines' p99 and p99.9."
        ).orFalse,
        Opts.option[String]("hlog", "Write the histograms as an HdrHistogram log.", metavar = "FILE").orNone,
        Opts.option[String](
          "html",
          "Write a percentile-distribution chart as a standalone HTML page.",
          metavar = "FILE"
        ).orNone,
        BenchCommand.json("Write the figures as JSON."),
        Opts.option[Int](
          "orders-per-book",
          "Size our engines' pools for N resting orders a book up front, as a deployment that knows its depth would, so none grows (and pauses to copy) during a run (default: start small and grow).",
          metavar = "N"
        ).validate("--orders-per-book must be between 1 and 16,777,216")(n => n >= 1 && n <= (1 << 24)).orNone,
        Opts.option[Int](
          "rounds",
          "Run the whole sweep R times, one round after the other (default 1); with --floor, each engine's p99 and p99.9 over the floor's of the same round, round by round and their median.",
          metavar = "R"
        ).withDefault(1).validate("--rounds must be between 1 and 20")(r => r >= 1 && r <= 20)
      ).mapN {
        (engines, ratesAndSeconds, in, handoff, budget, naive, floor, hlog, html, json, perBook, rounds) =>
          val (rates, seconds) = ratesAndSeconds
          val s = LatencyRun.Settings(
            engines,
            rates,
            seconds,
            handoff,
            budget,
            naive,
            floor,
            hlog,
            html,
            json,
            perBook,
            rounds
          )
          BenchCommand.use("latency", t, in.toList, List(hlog, html, json))(c =>
            BenchCommand.loaded(load(in, (rates.max * seconds).toLong, t))(LatencyRun(s, _, c))
          )
      }
    }

  private def load(in: Option[String], needed: Long, t: Terminal): IO[Either[ExitCode, CommandBatch]] =
    in match {
      case None =>
        Blocking(Right(ProfileGenerator.generate(
          mvt.workload.WorkloadProfile.normal,
          math.min(needed, MaxCommandsPerRun).toInt.max(1),
          42L
        ).batch))
      case Some(path) => BatchFiles.read("bench latency", path, t)
    }
}
