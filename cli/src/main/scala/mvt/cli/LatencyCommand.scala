package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}
import mvt.bench.{BenchEngine, MachineInfo, ThroughputBench}
import mvt.bench.latency.{LatencyBench, LatencyResult, OpenLoopDriver, PercentileChart}
import mvt.workload.{CommandBatch, ProfileGenerator}

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

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("latency", "Open-loop latency, measured from each command's intended start time.") {
      (
        Opts.option[String](
          "engine",
          s"Engine, or a comma-separated list (${BenchEngine.names}).",
          metavar = "E"
        )
          .mapValidated(CommaList.parse(_, BenchEngine.parse, "engine", BenchEngine.names)),
        Opts.option[String](
          "rates",
          "Comma-separated commands per second, e.g. 45000,1000000.",
          metavar = "R1,R2,..."
        )
          .mapValidated(CommaList.parse(_, _.toLongOption.filter(_ > 0), "rate")),
        Opts.option[Double]("duration", "Seconds per engine and rate (default 5).", metavar = "S")
          .withDefault(5.0)
          .validate("--duration must be positive")(_ > 0),
        Opts.option[String](
          "in",
          "Commands file or command log to send (default: generated normal flow).",
          metavar = "FILE"
        ).orNone,
        Opts.option[String](
          "handoff",
          "direct (the driver thread runs the engine) or ring (a gateway thread hands over)."
        )
          .withDefault("direct")
          .mapValidated(h =>
            Validated.fromOption(OpenLoopDriver.Handoff.values.find(_.label == h), s"bad handoff '$h'").toValidatedNel
          ),
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
        Opts.option[String]("json", "Write the figures as JSON.", metavar = "FILE").orNone
      ).mapN { (engines, rates, seconds, in, handoff, budget, naive, floor, hlog, html, json) =>
        Outputs.use("bench latency", t, in.toList, List(hlog, html, json))(outputs =>
          load(in, (rates.max * seconds).toLong, t).flatMap {
            case Left(code) => IO.pure(code)
            case Right(batch) =>
              IO.blocking {
                t.out.println(MachineInfo.describe)
                t.out.println(
                  f"Open loop, ${handoff.label} handoff, $seconds%.1f s per run, budget ${budget / 1000.0}%.1f µs; latencies in µs from the intended start"
                )
                val subjects =
                  (if (floor) Vector(LatencyBench.Subject.Floor) else Vector.empty) ++
                    engines.map(LatencyBench.Subject.Of(_))
                val results = for (s <- subjects; r <- rates) yield {
                  t.err.println(s"  ${s.label} at $r/s...")
                  val result = LatencyBench.runOne(s, batch, r, seconds, handoff, budget)
                  Interrupts.done(s"${s.label} at $r/s")
                  result
                }
                t.out.println(LatencyResult.table(results, naive))
                outputs.get(hlog).foreach(LatencyBench.writeLog(results, _))
                html.foreach(path =>
                  outputs.text(
                    path,
                    PercentileChart.html(results, "mvt open-loop latency", MachineInfo.describe)
                  )
                )
                json.foreach(path =>
                  outputs.text(path, LatencyResult.json(results, ThroughputBench.machineJson, budget))
                )
                ExitCode.Success
              }
          }
        )
      }
    }

  private def load(in: Option[String], needed: Long, t: Terminal): IO[Either[ExitCode, CommandBatch]] =
    in match {
      case None =>
        IO.blocking(Right(ProfileGenerator.generate(
          mvt.workload.WorkloadProfile.normal,
          math.min(needed, 50000000L).toInt.max(1),
          42L
        ).batch))
      case Some(path) => BatchFiles.read(path, t)
    }
}
