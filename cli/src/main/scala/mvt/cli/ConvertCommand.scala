package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.CommandFiles

/** `mvt convert`: commands file to binary command log and back. Wiring only: the run is `CommandFiles.convert`. */
object ConvertCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.text("in", "FILE|-")("A commands file or a binary command log; - is standard input."),
      Opt.text("out", "FILE|-")("Where to write the other format; - is standard output.")
    ).mapN(CommandFiles.convert(_, _, t))
}
