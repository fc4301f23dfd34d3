package mvt.core.console

import cats.effect.{ExitCode, IO, Resource}
import mvt.core.files.{IoReason, OutputFile}

import java.io.*
import java.nio.file.{FileAlreadyExistsException, Files as JFiles, Path, Paths}

/** Opening a command's inputs, with one-line messages (exit status 1) instead of stack traces; outputs go through [[Outputs]]. */
object Inputs {

  private def fail(t: Terminal, what: String, path: String, e: Throwable): IO[ExitCode] =
    IO(t.err.println(s"mvt: cannot $what $path: ${IoReason(e)}")).as(Status.Failure)

  /** Opens `path` as a resource and runs `use`; failing to open it, or an I/O error while using it, is status 1. */
  private def using[S <: AutoCloseable, A](path: String, what: String, t: Terminal)(open: => S)(
      use: S => IO[A]
  ): IO[Either[ExitCode, A]] =
    Resource
      .fromAutoCloseable(IO.blocking(open))
      .attempt
      .use {
        case Left(e) => fail(t, what, path, e).map(Left(_))
        case Right(s) => use(s).map(Right(_))
      }
      .handleErrorWith {
        case e: OutputFile.WriteFailed => IO.raiseError(e) // an output's failure, reported by Outputs
        case e: IOException => fail(t, what, path, e).map(Left(_))
        case e => IO.raiseError(e)
      }

  /** Runs `use` with the file (or standard input for `-`); a missing file ends with status 1. */
  def withInput[A](path: String, t: Terminal)(use: InputStream => IO[A]): IO[Either[ExitCode, A]] =
    if (path == "-") use(t.in).map(Right(_))
    else using(path, "read", t)(new BufferedInputStream(JFiles.newInputStream(Paths.get(path)), 1 << 16))(use)

  /** Creates `dir` and its parents when missing; a path that cannot be a directory is status 1. */
  def directory(dir: Path, t: Terminal): IO[Either[ExitCode, Unit]] =
    IO.blocking { val _ = JFiles.createDirectories(dir) }.map(Right(_)).handleErrorWith {
      case _: FileAlreadyExistsException =>
        IO(t.err.println(s"mvt: cannot create directory $dir: a file of that name is in the way")).as(Left(
          Status.Failure
        ))
      case e: IOException => fail(t, "create directory", dir.toString, e).map(Left(_))
      case e => IO.raiseError(e)
    }
}
