package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.analytics.AnalyzeFiles

/** `mvt analyze returns|frame`: market-data analytics from quotes. Wiring only: the run is `AnalyzeFiles`. */
object AnalyzeCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = returns(t) orElse frame(t)

  private val in =
    Opt.text("in")("Quote feed (mvt match --quotes) or CSV with columns time,symbol,bid,ask; - reads stdin.")
  private val rollup = Opt.text("rollup", "K")("Roll-up in minutes: the lag k of each return (k >= 1).")
    .mapValidated(AnalyzeFiles.rollup(_).toValidatedNel)
  private val out = Opt.text("out")("Where to write the CSV; - (the default) is stdout.").withDefault("-")
  private val symbol =
    Opt.text("symbol", "S")("Only this symbol (an unknown one gives just the header).").orNone

  private def returns(t: Terminal) =
    Opts.subcommand(
      "returns",
      "Writes CSV symbol,minute,return: each symbol's k-minute returns in percent."
    ) {
      (in, rollup, symbol, out).mapN(AnalyzeFiles.returns(t, _, _, _, _))
    }

  private def frame(t: Terminal) = Opts.subcommand(
    "frame",
    "Writes CSV minute,SYM1,SYM2,...: k-minute returns on common minutes, scaled into [-1, 1]."
  )((in, rollup, out).mapN(AnalyzeFiles.frame(t, _, _, _)))
}
