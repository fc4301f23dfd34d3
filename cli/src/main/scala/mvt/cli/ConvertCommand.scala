package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts

/**
 * `mvt convert`: commands file to binary command log and back; the input's kind is read from its first bytes.
 * Streams block by block, in bounded memory. Wiring only: the conversion is `CommandSource.convert`.
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
        Blocking(Files.source(raw, in, t).flatMap(_.convert(outputs(out)))).flatMap {
          case Left(e) => Files.sourceError(e, "convert", in, t)
          case Right(_) => IO.pure(ExitCode.Success)
        }
      }.map(_.merge)
    }
}
