package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.Timestamp
import mvt.reporting.ReportFiles

/** `mvt report`: the client report of `spec/reporting.md` at a whole hour. Wiring only: `ReportFiles.run`. */
object ReportCommand {

  private val at = Opt.text("at", "INSTANT")(
    "A whole hour, e.g. 2026-01-05T15:00:00Z (default: the last whole hour the feeds reach)."
  ).mapValidated(s =>
    Timestamp.parse(s).map(_.epochNanos)
      .toValidNel(s"--at: expected an instant such as 2026-01-05T15:00:00Z, found \"$s\"")
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "report",
      "Client positions, PnL and trends at a whole hour, from the trade and quote feeds."
    ) {
      (
        Opt.text("trades")("The trade feed (mvt match --trades)."),
        Opt.text("quotes")("The quote feed (mvt match --quotes)."),
        at.orNone,
        FeeOpt.opts.withDefault(java.math.BigDecimal.ZERO),
        Opt.text("out")("Where to write the CSV; - (the default) is standard output.").withDefault("-")
      ).mapN(ReportFiles.run(_, _, _, _, _, t))
    }
}
