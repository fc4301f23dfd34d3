package mvt.analytics

import java.io.{BufferedWriter, IOException, InputStreamReader, OutputStreamWriter, Reader, Writer}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{
  AccessDeniedException,
  FileSystemException,
  Files,
  InvalidPathException,
  NoSuchFileException,
  Path
}

import scala.collection.immutable.SortedMap

import cats.effect.{ExitCode, IO, Resource}
import mvt.core.console.{BadInput, Blocking, Outputs, Status, Terminal}

/**
 * `mvt analyze returns|frame`: the quote feed or executions CSV at `in` read, analysed, and the CSV written to
 * `out`; 2 for bad input data, 1 for a file that cannot be read or written.
 */
object AnalyzeFiles {

  /** `--rollup K`: a whole number of minutes, at least 1, or the refusal naming the option. */
  def rollup(text: String): Either[String, Int] =
    text.toIntOption.filter(_ >= 1).toRight(
      s"--rollup must be a whole number of minutes, at least 1; got \"$text\""
    )

  /** Each symbol's (or only `symbol`'s) `rollup`-minute returns in percent. */
  def returns(t: Terminal, in: String, rollup: Int, symbol: Option[String], out: String): IO[ExitCode] =
    analyze(t, "returns", in, rollup, out) { (midpoints, k, writer) =>
      val chosen = symbol.fold(midpoints.values)(s => midpoints.get(s).toList)
      ReturnsCsv.write(chosen.map(Analysis.returns(_, k, ReturnsCalculator.fastest)), writer)
    }

  /** `rollup`-minute returns on common minutes, scaled into [-1, 1]. */
  def frame(t: Terminal, in: String, rollup: Int, out: String): IO[ExitCode] =
    analyze(t, "frame", in, rollup, out) { (midpoints, k, writer) =>
      FrameCsv.write(Analysis.frame(midpoints, k, ReturnsCalculator.fastest), writer)
    }

  /** Something to tell the user on one line before exiting with status 1. */
  private final case class Failed(message: String) extends Exception(message, null, false, false)

  private def analyze(t: Terminal, name: String, in: String, rollup: Int, out: String)(
      write: (SortedMap[String, MinuteSeries], Int, Writer) => Unit
  ): IO[ExitCode] = Outputs.use(s"analyze $name", t, List(in), List(Some(out)), keepOnBadData = false) {
    outputs =>
      val program =
        for {
          read <-
            input(t, in).use(reader => Blocking(ExecutionsCsv.read(reader))).adaptError(failure("read", in))
          status <- read match {
            case Left(error) =>
              BadInput.Line(error.line, error.detail).report(s"analyze $name", in, t)
            case Right(midpoints) =>
              Blocking {
                val writer = new BufferedWriter(new OutputStreamWriter(outputs(out), UTF_8))
                write(midpoints, rollup, writer)
                writer.flush()
                ExitCode.Success
              }
          }
        } yield status
      program.recoverWith { case Failed(message) =>
        IO.blocking(t.err.println(s"mvt analyze $name: $message")).as(Status.Failure)
      }
  }

  private def input(t: Terminal, in: String): Resource[IO, Reader] =
    if (in == "-") Resource.pure(new InputStreamReader(t.in, UTF_8))
    else
      Resource.fromAutoCloseable(IO.blocking(new InputStreamReader(Files.newInputStream(Path.of(in)), UTF_8)))

  private def failure(verb: String, file: String): PartialFunction[Throwable, Throwable] = {
    case _: NoSuchFileException => Failed(s"cannot $verb $file: no such file or directory")
    case _: AccessDeniedException => Failed(s"cannot $verb $file: permission denied")
    case e: FileSystemException => Failed(s"cannot $verb $file: ${Option(e.getReason).getOrElse(e.toString)}")
    case e: IOException => Failed(s"cannot $verb $file: ${Option(e.getMessage).getOrElse(e.toString)}")
    case e: InvalidPathException => Failed(s"cannot $verb $file: ${e.getMessage}")
  }
}
