package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.CommandFiles

/** `mvt match`: a command stream through one engine, its events and feeds. Wiring: `CommandFiles.matchFile`. */
object MatchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("in", "FILE|-")(
        "Commands file or command log (see docs/formats.md), or - for standard input."
      ),
      Opt.out("events", "FILE|-"),
      EngineOpt.single,
      Opt.text("snapshot")("Also write the final book depth to FILE.").orNone,
      Opt.text("trades")("Also write the trade feed (one line per fill) to FILE.").orNone,
      Opt.text("quotes")("Also write the quote feed (the top of a book each time it changes) to FILE.").orNone
    ).mapN(CommandFiles.matchFile(_, _, _, _, _, _, t))
}
