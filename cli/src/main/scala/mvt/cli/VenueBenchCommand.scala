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
      Opt.int("commands", 2000000, 1000 to 50000000, From)(
        "Commands for the throughput runs (default 2000000)."
      ),
      Opt.int("submitters", 1, 1 to 64, From)("In-process submitter threads (default 1)."),
      DiskBenchOpts.rates("commands/s", "10000,100000,1000000", "positive integers", _ => true),
      Opt.double("seconds", 5.0, "0.1", "600", From)("Seconds at each latency rate (default 5)."),
      Opt.int("recovery-commands", 20000000, 1000 to 200000000, From)(
        "Commands in the journal recovered (default 20000000)."
      ),
      Opt.double("each-seconds", 5.0, "0.1", "600", From)(
        "Seconds of the fsync-per-command run (default 5)."
      ),
      Opt.flag("stages")(
        "Also say where each latency went (queue, commit slot, write, force, feeds, ack), the collections, and how busy each venue thread was."
      )
    ).mapN(VenueBench.Settings.apply).map(s =>
      Blocking(MachineInfo.report(t.out)(VenueBench.run(s, _))).as(ExitCode.Success)
    )
  }
}
