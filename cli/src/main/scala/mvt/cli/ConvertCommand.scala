package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{CommandCsvWriter, CommandLogWriter, CommandSource, SourceError}

/**
 * `mvt convert`: commands file to binary command log and back; the input's kind is read from its first bytes.
 * Streams block by block, in bounded memory.
 */
object ConvertCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("convert", "Convert a commands file to a binary command log (.mvtc), or back.") {
      (
        Opts.option[String](
          "in",
          "A commands file or a binary command log; - is standard input.",
          metavar = "FILE|-"
        ),
        Opts.option[String](
          "out",
          "Where to write the other format; - is standard output.",
          metavar = "FILE|-"
        )
      ).mapN((in, out) => run(in, out, t))
    }

  def run(in: String, out: String, t: Terminal): IO[ExitCode] =
    Outputs.use("convert", t, List(in), List(Some(out)), keepOnBadData = true) { outputs =>
      Files.withInput(in, t) { raw =>
        Blocking(Files.source(raw, in, t).flatMap(source => convert(source, outputs(out)))).flatMap {
          case Left(e) => Files.sourceError(e, "convert", in, t)
          case Right(_) => IO.pure(ExitCode.Success)
        }
      }.map(_.merge)
    }

  // a log becomes a commands file and a commands file a log; what came before a bad line or record is kept
  private def convert(source: CommandSource, os: java.io.OutputStream): Either[SourceError, Unit] = {
    val w = if (source.isLog) new CommandCsvWriter(os) else new CommandLogWriter(os)
    var n = source.nextBlock()
    while (n > 0) {
      source.writeBlock(w)
      n = source.nextBlock()
    }
    // a log whose input failed part way gets no trailer: it reads as truncated, never as complete
    if (n == 0) { w.finish(); Right(()) }
    else { w.abandon(); Left(source.error.get) }
  }
}
