package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.MachineInfo
import mvt.bench.venue.VenueBench
import Opt.Words.From

/** `mvt bench venue`: the venue's durable throughput, acknowledgement latency and recovery rate. Wiring only. */
object VenueBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = Opts.subcommand(
    "venue",
    "Durable commands/s (group, none, each) against the disk, ack latency, recovery rate."
  ) {
    (
      DiskBenchOpts.scratch,
      Opt.int(
        "commands",
        "Commands for the throughput runs (default 2000000).",
        2000000,
        1000 to 50000000,
        From
      ),
      Opt.int("submitters", "In-process submitter threads (default 1).", 1, 1 to 64, From),
      DiskBenchOpts.rates("commands/s", "10000,100000,1000000", "positive integers", _ => true),
      Opt.double("seconds", "Seconds at each latency rate (default 5).", 5.0, "0.1", "600", From),
      Opt.int(
        "recovery-commands",
        "Commands in the journal recovered (default 20000000).",
        20000000,
        1000 to 200000000,
        From
      ),
      Opt.double("each-seconds", "Seconds of the fsync-per-command run (default 5).", 5.0, "0.1", "600", From)
    ).mapN(VenueBench.Settings.apply).map(s =>
      Blocking(MachineInfo.report(t.out)(VenueBench.run(s, _))).as(ExitCode.Success)
    )
  }
}
