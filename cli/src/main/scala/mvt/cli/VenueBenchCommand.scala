package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.MachineInfo
import mvt.bench.venue.VenueBench

import java.nio.file.Path

/** `mvt bench venue`: the venue's durable throughput, acknowledgement latency and recovery rate. Wiring only. */
object VenueBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "venue",
      "Durable commands/s (group, none, each) against the disk, ack latency, recovery rate."
    ) {
      (
        Opts.option[Path](
          "dir",
          "Scratch directory on the disk to measure (its files are replaced).",
          metavar = "DIR"
        ),
        Opts.option[Int]("commands", "Commands for the throughput runs (default 2000000).", metavar = "N")
          .withDefault(2000000).validate("--commands must be from 1000 to 50000000")(n =>
            n >= 1000 && n <= 50000000
          ),
        Opts.option[Int]("submitters", "In-process submitter threads (default 1).", metavar = "N")
          .withDefault(1).validate("--submitters must be from 1 to 64")(n => n >= 1 && n <= 64),
        Opts.option[String](
          "rates",
          "Open-loop rates, commands/s, comma-separated (default 10000,100000,1000000).",
          metavar = "R,..."
        )
          .withDefault("10000,100000,1000000")
          .mapValidated(s =>
            s.split(",").toVector.traverse(_.trim.toIntOption.filter(_ > 0)).toValidNel(
              s"--rates: expected positive integers, found \"$s\""
            )
          ),
        Opts.option[Double]("seconds", "Seconds at each latency rate (default 5).", metavar = "S")
          .withDefault(5.0).validate("--seconds must be from 0.1 to 600")(s => s >= 0.1 && s <= 600),
        Opts.option[Int](
          "recovery-commands",
          "Commands in the journal recovered (default 20000000).",
          metavar = "N"
        )
          .withDefault(20000000).validate("--recovery-commands must be from 1000 to 200000000")(n =>
            n >= 1000 && n <= 200000000
          ),
        Opts.option[Double](
          "each-seconds",
          "Seconds of the fsync-per-command run (default 5).",
          metavar = "S"
        )
          .withDefault(5.0).validate("--each-seconds must be from 0.1 to 600")(s => s >= 0.1 && s <= 600)
      ).mapN(VenueBench.Settings.apply).map { s =>
        Blocking {
          t.out.println(MachineInfo.describe)
          VenueBench.run(s, l => { t.out.println(l); t.out.flush() })
          ExitCode.Success
        }
      }
    }
}
