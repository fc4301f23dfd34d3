package mvt.cli

import cats.effect.{ExitCode, IO}
import mvt.workload.CommandBatch

/** Reading a whole command stream into memory (benchmarks replay from memory), through the one command source. */
object BatchFiles {

  /**
   * Reads `path` (or standard input); a format or log error is reported and ends with status 2, and so does a
   * stream with no commands (an empty or comment-only file): a benchmark of nothing has no figures to give.
   */
  def read(command: String, path: String, t: Terminal): IO[Either[ExitCode, CommandBatch]] =
    Files.withInput(path, t)(raw => Blocking(Files.source(raw, path, t).flatMap(_.readAll()))).flatMap {
      case Right(Right(batch)) if batch.size == 0 =>
        BadInput.Whole("no commands").report(command, path, t).map(Left(_))
      case Left(code) => IO.pure(Left(code))
      case Right(Left(e)) => Files.sourceError(e, command, path, t).map(Left(_))
      case Right(Right(batch)) => IO.pure(Right(batch))
    }
}
