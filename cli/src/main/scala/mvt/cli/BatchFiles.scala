package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import mvt.workload.{CommandBatch, CommandLog}

/** Reading a whole command stream from a commands file or a binary command log, told apart by its first bytes. */
object BatchFiles {

  /** A loaded stream and whether it came from a binary log. */
  final case class Loaded(batch: CommandBatch, fromLog: Boolean)

  /** Reads `path` (or standard input); a format or log error is reported and ends with status 2. */
  def read(path: String, t: Terminal): IO[Either[ExitCode, Loaded]] =
    Files.withInput(path, t) { raw =>
      IO.blocking {
        val in = new java.io.BufferedInputStream(raw, 1 << 16)
        in.mark(8)
        val isLog = CommandLog.looksLikeLog(in.readNBytes(4))
        in.reset()
        if (isLog) CommandLog.read(in).bimap(e => s"mvt: $path: ${e.render}", Loaded(_, true))
        else CommandBatch.readCsv(in).bimap(e => s"${e.render} (in $path)", Loaded(_, false))
      }
    }.flatMap {
      case Left(code) => IO.pure(Left(code))
      case Right(Left(message)) => IO(t.err.println(message)).as(Left(Cli.FormatError))
      case Right(Right(loaded)) => IO.pure(Right(loaded))
    }
}
