package mvt.core.console

import cats.effect.{ExitCode, IO}
import mvt.core.files.{OutputClash, OutputFile, Temporaries}

import java.io.OutputStream
import java.nio.file.{Files as JFiles, Path}

/**
 * The one way a command writes files. Before any work, every output path is checked against every input and
 * every other output by identity (real path and inode, standard input included when it is a file); then each
 * output is opened as an [[OutputFile]]. The outputs are committed together (all written and synced, then all
 * renamed) when the command ends with status 0, or 2 where the outputs then hold what was accepted before the
 * bad data (`keepOnBadData`, as `match`, `convert` and `trade` do), and discarded otherwise, so a failed run
 * leaves every old file as it was. Any write error ends the command with status 1 and
 * `mvt <command>: cannot write <path>: <reason>`.
 */
object Outputs {

  /** The opened outputs of one command, by the path the user gave. `-` is standard output. */
  final class Opened private[Outputs] (files: Map[String, OutputFile], t: Terminal) {

    /** The stream for `path`. */
    def apply(path: String): OutputStream = if (path == "-") t.out else files(path).stream

    /** The stream for an optional output. */
    def get(path: Option[String]): Option[OutputStream] = path.map(apply)

    /** Writes a whole text (a report) and a final newline to `path`. */
    def text(path: String, text: String): Unit = {
      val out = apply(path)
      out.write((text + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8))
      out.flush()
    }
  }

  /**
   * Runs `body` with the outputs open. `inputs` and `outputs` are paths as given (`-` for the standard streams;
   * `None` for an output not asked for).
   */
  def use(
      command: String,
      t: Terminal,
      inputs: List[String],
      outputs: List[Option[String]],
      keepOnBadData: Boolean = false
  )(body: Opened => IO[ExitCode]): IO[ExitCode] = {
    val named = outputs.flatten
    clash(inputs, named, t) match {
      case Some(message) => IO(t.err.println(s"mvt $command: $message")).as(Status.Failure)
      case None =>
        IO.blocking(openAll(named.filter(_ != "-"))).flatMap {
          case Left(e) => IO(t.err.println(s"mvt $command: ${e.getMessage}")).as(Status.Failure)
          case Right(files) =>
            val opened = new Opened(files.map(f => f.path -> f).toMap, t)
            body(opened).attempt.flatMap {
              case Right(code) if code == ExitCode.Success || (keepOnBadData && code == Status.BadData) =>
                IO.blocking(commit(named.contains("-"), files, t)).as(code).recoverWith(failed(
                  command,
                  t,
                  files
                ))
              case Right(code) => IO.blocking(files.foreach(_.discard())).as(code)
              case Left(e) => IO.blocking(files.foreach(_.discard())) *> failed(command, t, files)(e)
            }
        }
    }
  }

  /**
   * Every file flushed, fsynced and closed first, then every rename with no interrupt in between: the outputs
   * change together or not at all. Standard output, when it is one of them, must have been written too.
   */
  private def commit(toStdout: Boolean, files: List[OutputFile], t: Terminal): Unit = {
    if (toStdout) {
      t.out.flush()
      if (t.out.checkError())
        throw OutputFile.WriteFailed("standard output", new java.io.IOException("write error"))
    }
    files.foreach(_.prepare())
    Temporaries.exclusive(files.foreach(_.publish()))
  }

  private def failed(
      command: String,
      t: Terminal,
      files: List[OutputFile]
  ): PartialFunction[Throwable, IO[ExitCode]] = {
    case e: OutputFile.WriteFailed =>
      IO.blocking(files.foreach(_.discard())) *> IO(t.err.println(s"mvt $command: ${e.getMessage}")).as(
        Status.Failure
      )
    case e => IO.blocking(files.foreach(_.discard())) *> IO.raiseError(e)
  }

  private def openAll(paths: List[String]): Either[OutputFile.WriteFailed, List[OutputFile]] = {
    val opened = List.newBuilder[OutputFile]
    try {
      paths.foreach(p => opened += OutputFile.open(p))
      Right(opened.result())
    } catch {
      case e: OutputFile.WriteFailed => opened.result().foreach(_.discard()); Left(e)
      case e: java.io.IOException =>
        opened.result().foreach(_.discard())
        Left(OutputFile.WriteFailed(paths(opened.result().size), e))
    }
  }

  // standard input counts as the file it was redirected from, if any
  private def clash(inputs: List[String], outputs: List[String], t: Terminal): Option[String] = {
    val stdin = Some(Path.of("/dev/stdin")).filter(p => (t.in eq System.in) && JFiles.isRegularFile(p))
    OutputClash.find(inputs, outputs, stdin)
  }
}
