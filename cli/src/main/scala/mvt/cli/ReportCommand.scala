package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.reporting.ReportFiles

/** `mvt report`: the client report of `spec/reporting.md` at a whole hour. Wiring only: `ReportFiles.run`. */
object ReportCommand {

  private val at = Opt.text("at", "INSTANT")(
    "A whole hour, e.g. 2026-01-05T15:00:00Z (default: the last whole hour the feeds reach)."
  ).mapValidated(ReportFiles.at(_).toValidatedNel)

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("trades")("The trade feed (mvt match --trades)."),
      Opt.text("quotes")("The quote feed (mvt match --quotes)."),
      at.orNone,
      FeeOpt.opts.withDefault(java.math.BigDecimal.ZERO),
      Opt.out("the CSV")
    ).mapN(ReportFiles.run(_, _, _, _, _, t))
}
