package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.MachineInfo
import mvt.bench.fix.FixBench

import java.nio.file.Path

/** `mvt bench fix`: a FIX order's round trip through the gateway and venue, open loop, beside its floors. Wiring only. */
object FixBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "fix",
      "FIX order round trip, open loop from in-process sessions, venue with none and group commit, beside floors."
    ) {
      (
        Opts.option[Path](
          "dir",
          "Scratch directory on the disk to measure (its files are replaced).",
          metavar = "DIR"
        ),
        Opts.option[Int]("sessions", "FIX client sessions (default 64).", metavar = "N")
          .withDefault(64).validate("--sessions must be from 1 to 256")(n => n >= 1 && n <= 256),
        Opts.option[String](
          "rates",
          "Open-loop rates, orders/s, comma-separated (default 1000,10000,50000).",
          metavar = "R,..."
        )
          .withDefault("1000,10000,50000")
          .mapValidated(s =>
            s.split(",").toVector.traverse(_.trim.toIntOption.filter(r => r > 0 && r <= 1000000)).toValidNel(
              s"--rates: expected integers from 1 to 1000000, found \"$s\""
            )
          ),
        Opts.option[Double]("seconds", "Seconds at each rate and mode (default 5).", metavar = "S")
          .withDefault(5.0).validate("--seconds must be from 0.5 to 600")(s => s >= 0.5 && s <= 600)
      ).mapN(FixBench.Settings.apply).map { s =>
        Blocking {
          t.out.println(MachineInfo.describe)
          FixBench.run(s, l => { t.out.println(l); t.out.flush() })
          ExitCode.Success
        }
      }
    }
}
