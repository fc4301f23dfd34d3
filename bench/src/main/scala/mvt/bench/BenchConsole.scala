package mvt.bench

import java.io.{OutputStream, PrintStream}
import java.nio.file.Path

/**
 * Where a benchmark run talks to: its figures on `out`, its progress on `err`, its output files through `files`,
 * and its caller's record of what it completed (`done`) and of its temporary files (`temporary`), so an
 * interrupted run can say what it had done and remove them. Called from the run's own thread.
 */
final case class BenchConsole(
    out: PrintStream,
    err: PrintStream,
    files: BenchConsole.Files,
    done: String => Unit,
    temporary: Path => Unit
) {

  /** Writes `text` to the output `path`, if one was asked for. */
  def write(path: Option[String], text: => String): Unit = path.foreach(files.text(_, text))
}

object BenchConsole {

  /** A run's output files, opened by its caller, by the path the user gave. */
  trait Files {
    def stream(path: String): OutputStream
    def text(path: String, text: String): Unit
  }
}
