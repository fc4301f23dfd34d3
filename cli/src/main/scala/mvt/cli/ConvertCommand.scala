package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{CommandBatch, CommandLog}

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
      Files.withInput(in, t) { raw =>
        IO.blocking {
          val stream = new java.io.BufferedInputStream(raw, 1 << 16)
          stream.mark(8)
          val isLog = CommandLog.looksLikeLog(stream.readNBytes(4))
          stream.reset()
          if (isLog) CommandLog.read(stream).map(b => (b, true)).leftMap(e => s"mvt: $in: ${e.render}")
          else CommandBatch.readCsv(stream).map(b => (b, false)).leftMap(e => s"${e.render} (in $in)")
        }.flatMap {
          case Left(message) => IO(t.err.println(message)).as(Cli.FormatError)
          case Right((batch, fromLog)) =>
            Files.withOutput(out, t) { os =>
              IO.blocking {
                if (fromLog) batch.writeCsv(os) else CommandLog.write(batch, os)
                ExitCode.Success
              }
            }
        }
      }.map(_.merge)
    }
}
