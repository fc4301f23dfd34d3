package mvt.workload

import cats.effect.{ExitCode, IO}
import mvt.core.console.{BadInput, Blocking, Inputs, Outputs, Terminal}

import java.io.InputStream

/** A command's command streams from files: opening either format, its errors as bad input, whole reads, conversion. */
object CommandFiles {

  /** Where a stream stopped: a commands file's line, a command log's byte offset. */
  def badInput(e: SourceError): BadInput = e match {
    case SourceError.Format(f) => BadInput.Line(f.line, f.detail)
    case SourceError.Log(l) => BadInput.Offset(l.offset, l.detail)
  }

  /**
   * Opens a command source (either format) on an input stream; a version 1 log, which has no trailer to check
   * its end by, is read with a warning on stderr.
   */
  def source(raw: InputStream, path: String, t: Terminal): Either[SourceError, CommandSource] =
    CommandSource.open(raw).map { s =>
      if (!s.checked)
        t.err.println(
          s"mvt: warning: ${BadInput.where(path)} is a version 1 command log: it has no trailer, so a cut at a record boundary cannot be detected"
        )
      s
    }

  /** Reports why a command stream stopped (a line or a log's byte offset), status 2, naming command and file. */
  def sourceError(e: SourceError, command: String, path: String, t: Terminal): IO[ExitCode] =
    badInput(e).report(command, path, t)

  /**
   * Reads `path` (or standard input) whole into memory (benchmarks replay from memory); a format or log error is
   * reported and ends with status 2, and so does a stream with no commands (an empty or comment-only file): a
   * benchmark of nothing has no figures to give.
   */
  def readBatch(command: String, path: String, t: Terminal): IO[Either[ExitCode, CommandBatch]] =
    Inputs.withInput(path, t)(raw => Blocking(source(raw, path, t).flatMap(_.readAll()))).flatMap {
      case Right(Right(batch)) if batch.size == 0 =>
        BadInput.Whole("no commands").report(command, path, t).map(Left(_))
      case Left(code) => IO.pure(Left(code))
      case Right(Left(e)) => sourceError(e, command, path, t).map(Left(_))
      case Right(Right(batch)) => IO.pure(Right(batch))
    }

  /**
   * `mvt convert`: a commands file to a binary command log or back, the input's kind read from its first bytes,
   * streamed block by block in bounded memory; what preceded bad data is kept.
   */
  def convert(in: String, out: String, t: Terminal): IO[ExitCode] =
    Outputs.use("convert", t, List(in), List(Some(out)), keepOnBadData = true) { outputs =>
      Inputs.withInput(in, t) { raw =>
        Blocking(source(raw, in, t).flatMap(_.convert(outputs(out)))).flatMap {
          case Left(e) => sourceError(e, "convert", in, t)
          case Right(_) => IO.pure(ExitCode.Success)
        }
      }.map(_.merge)
    }

  /**
   * `mvt match`: the stream at `in` through one engine, its events to `out` and the feeds and snapshot where
   * asked; the outputs hold what preceded bad data.
   */
  def matchFile(
      in: String,
      out: String,
      engine: mvt.orderbook.Engine,
      snapshot: Option[String],
      trades: Option[String],
      quotes: Option[String],
      t: Terminal
  ): IO[ExitCode] =
    Outputs.use("match", t, List(in), List(Some(out), snapshot, trades, quotes), keepOnBadData = true) {
      outputs =>
        Inputs.withInput(in, t) { raw =>
          Blocking {
            val s = source(raw, in, t)
            MatchRun(s, engine, outputs(out), outputs.get(trades), outputs.get(quotes), outputs.get(snapshot))
          }.flatMap {
            case Right(_) => IO.pure(ExitCode.Success)
            case Left(e) => sourceError(e, "match", in, t)
          }
        }.map(_.merge)
    }
}
