package mvt.cli

import cats.effect.{ExitCode, IO, Resource}
import mvt.core.FormatError

import java.io.*
import java.nio.file.{Files as JFiles, NoSuchFileException, Path, Paths}

/** Opening the command's inputs and outputs, with one-line messages (exit status 1) instead of stack traces. */
object Files {

  /** The failure message for an unreadable or unwritable path. */
  private def describe(e: Throwable): String = e match {
    case _: NoSuchFileException => "no such file or directory"
    case _: java.nio.file.AccessDeniedException => "permission denied"
    case f: java.nio.file.FileSystemException if f.getReason != null => f.getReason
    case other => Option(other.getMessage).getOrElse(other.getClass.getSimpleName)
  }

  private def fail(t: Terminal, what: String, path: String, e: Throwable): IO[ExitCode] =
    IO(t.err.println(s"mvt: cannot $what $path: ${describe(e)}")).as(Cli.Failure)

  /** Runs `use` with the file (or standard input for `-`); a missing file ends with status 1. */
  def withInput[A](path: String, t: Terminal)(use: InputStream => IO[A]): IO[Either[ExitCode, A]] =
    if (path == "-") use(t.in).map(Right(_))
    else
      Resource
        .fromAutoCloseable(IO.blocking(new BufferedInputStream(
          JFiles.newInputStream(Paths.get(path)),
          1 << 16
        )))
        .attempt
        .use {
          case Left(e) => fail(t, "read", path, e).map(Left(_))
          case Right(in) => use(in).map(Right(_))
        }
        .handleErrorWith {
          case e: IOException => fail(t, "read", path, e).map(Left(_))
          case e => IO.raiseError(e)
        }

  /** Runs `use` with the file created or truncated (or standard output for `-`); failure to open is status 1. */
  def withOutput(path: String, t: Terminal)(use: OutputStream => IO[ExitCode]): IO[ExitCode] =
    if (path == "-")
      // a PrintStream swallows write errors; ask it, so a failed stdout is a failure and not a silent success
      use(t.out).flatMap { code =>
        IO { t.out.flush(); t.out.checkError() }.flatMap { failed =>
          if (failed && code == ExitCode.Success)
            IO(t.err.println("mvt: cannot write standard output")).as(Cli.Failure)
          else IO.pure(code)
        }
      }
    else
      Resource
        .fromAutoCloseable(IO.blocking(new BufferedOutputStream(
          JFiles.newOutputStream(Path.of(path)),
          1 << 16
        )))
        .attempt
        .use {
          case Left(e) => fail(t, "write", path, e)
          case Right(out) => use(out)
        }
        .handleErrorWith {
          case e: IOException => fail(t, "write", path, e)
          case e => IO.raiseError(e)
        }

  /** Writes a whole file with `write`; failure is status 1. */
  def writeFile(path: String, t: Terminal)(write: OutputStream => Unit): IO[ExitCode] =
    withOutput(path, t)(out => IO.blocking { write(out); out.flush() }.as(ExitCode.Success))

  /** Reports a format error as the spec asks (`line N: ...`, status 2), naming the file. */
  def formatError(e: FormatError, path: String, t: Terminal): IO[ExitCode] = {
    val where = if (path == "-") "standard input" else path
    IO(t.err.println(s"${e.render} (in $where)")).as(Cli.FormatError)
  }
}
