package mvt.cli

import cats.effect.{ExitCode, IO, Resource}
import mvt.core.FormatError

import java.io.*
import java.nio.file.{
  AtomicMoveNotSupportedException,
  FileAlreadyExistsException,
  Files as JFiles,
  NoSuchFileException,
  Path,
  Paths,
  StandardCopyOption,
  StandardOpenOption
}

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
        case e: IOException => fail(t, what, path, e).map(Left(_))
        case e => IO.raiseError(e)
      }

  /** Runs `use` with the file (or standard input for `-`); a missing file ends with status 1. */
  def withInput[A](path: String, t: Terminal)(use: InputStream => IO[A]): IO[Either[ExitCode, A]] =
    if (path == "-") use(t.in).map(Right(_))
    else using(path, "read", t)(new BufferedInputStream(JFiles.newInputStream(Paths.get(path)), 1 << 16))(use)

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
      using(path, "write", t)(new BufferedOutputStream(JFiles.newOutputStream(Path.of(path)), 1 << 16))(use)
        .map(_.merge)

  /** Creates `dir` and its parents when missing; a path that cannot be a directory is status 1. */
  def directory(dir: Path, t: Terminal): IO[Either[ExitCode, Unit]] =
    IO.blocking { val _ = JFiles.createDirectories(dir) }.map(Right(_)).handleErrorWith {
      case _: FileAlreadyExistsException =>
        IO(t.err.println(s"mvt: cannot create directory $dir: a file of that name is in the way")).as(Left(
          Cli.Failure
        ))
      case e: IOException => fail(t, "create directory", dir.toString, e).map(Left(_))
      case e => IO.raiseError(e)
    }

  /**
   * Writes `target` whole with `write`, through a temporary file beside it that is renamed over `target` only
   * once complete: a run that fails or is interrupted leaves an older `target` as it was, never half written.
   * Failure is status 1, and removes the temporary file.
   */
  def replace(target: Path, t: Terminal)(write: OutputStream => Unit): IO[ExitCode] =
    IO.blocking {
      // in the same directory, so the rename stays on one file system and can be atomic; created as any new
      // file is (not with createTempFile's owner-only permissions), since it becomes the file
      val tmp =
        target.resolveSibling(s".${target.getFileName}.${java.lang.Long.toHexString(System.nanoTime)}.tmp")
      try {
        val out =
          new BufferedOutputStream(JFiles.newOutputStream(tmp, StandardOpenOption.CREATE_NEW), 1 << 16)
        try { write(out); out.flush() }
        finally out.close()
        try {
          val _ =
            JFiles.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } catch {
          case _: AtomicMoveNotSupportedException =>
            val _ = JFiles.move(tmp, target, StandardCopyOption.REPLACE_EXISTING)
        }
      } catch {
        case e: Throwable =>
          val _ = JFiles.deleteIfExists(tmp)
          throw e
      }
      ExitCode.Success
    }.handleErrorWith {
      case e: IOException => fail(t, "write", target.toString, e)
      case e => IO.raiseError(e)
    }

  /** Writes a whole file with `write`; failure is status 1. */
  def writeFile(path: String, t: Terminal)(write: OutputStream => Unit): IO[ExitCode] =
    withOutput(path, t)(out => IO.blocking { write(out); out.flush() }.as(ExitCode.Success))

  /**
   * Runs `body` only if every output path can be written (each is created, empty): a benchmark's unwritable
   * `--json` or `--html` fails at once with status 1, not after minutes of measuring.
   */
  def whenWritable(paths: Iterable[String], t: Terminal)(body: => IO[ExitCode]): IO[ExitCode] =
    paths.toList.foldRight(IO.defer(body)) { (path, rest) =>
      writeFile(path, t)(_ => ()).flatMap(code => if (code != ExitCode.Success) IO.pure(code) else rest)
    }

  /** Reports a format error as the spec asks (`line N: ...`, status 2), naming the file. */
  def formatError(e: FormatError, path: String, t: Terminal): IO[ExitCode] = {
    val where = if (path == "-") "standard input" else path
    IO(t.err.println(s"${e.render} (in $where)")).as(Cli.FormatError)
  }

  /** Reports why a command stream stopped (`line N: ...` or a log's byte offset), status 2, naming the file. */
  def sourceError(e: mvt.workload.SourceError, path: String, t: Terminal): IO[ExitCode] = {
    val where = if (path == "-") "standard input" else path
    IO(t.err.println(e.render(where))).as(Cli.FormatError)
  }

  /** A failure when an output path names the input file, which opening the output would truncate. */
  def refuseOverwrite(in: String, outs: List[String], t: Terminal): Option[IO[ExitCode]] =
    if (in == "-") None
    else {
      def same(out: String) =
        out != "-" && JFiles.exists(Path.of(out)) && JFiles.exists(Path.of(in)) &&
          JFiles.isSameFile(Path.of(in), Path.of(out))
      outs.find(same).map(out =>
        IO(t.err.println(s"mvt: refusing to overwrite the input file $out")).as(Cli.Failure)
      )
    }
}
