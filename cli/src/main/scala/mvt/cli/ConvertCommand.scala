package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.CommandLog

/** `mvt convert`: commands file to binary command log and back; the input's kind is read from its first bytes. */
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
    Files.refuseOverwrite(in, List(out), t).getOrElse {
      BatchFiles.read(in, t).flatMap {
        case Left(code) => IO.pure(code)
        case Right(loaded) =>
          Files.withOutput(out, t) { os =>
            IO.blocking {
              if (loaded.fromLog) loaded.batch.writeCsv(os) else CommandLog.write(loaded.batch, os)
              ExitCode.Success
            }
          }
      }
    }
}
