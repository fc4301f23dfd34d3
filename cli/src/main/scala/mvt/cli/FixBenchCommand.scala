package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.MachineInfo
import mvt.bench.fix.FixBench
import Opt.Words.From

/** `mvt bench fix`: a FIX order's round trip through the gateway and venue, open loop, beside its floors. Wiring only. */
object FixBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = Opts.subcommand(
    "fix",
    "FIX order round trip, open loop from in-process sessions, venue with none and group commit, beside floors."
  ) {
    (
      DiskBenchOpts.scratch,
      Opt.int("sessions", 64, 1 to 256, From)("FIX client sessions (default 64)."),
      DiskBenchOpts.rates("orders/s", "1000,10000,50000", "integers from 1 to 1000000", _ <= 1000000),
      Opt.double("seconds", 5.0, "0.5", "600", From)("Seconds at each rate and mode (default 5).")
    ).mapN(FixBench.Settings.apply).map(s =>
      Blocking(MachineInfo.report(t.out)(FixBench.run(s, _))).as(ExitCode.Success)
    )
  }
}
