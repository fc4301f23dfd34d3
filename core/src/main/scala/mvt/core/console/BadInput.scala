package mvt.core.console

import cats.effect.{ExitCode, IO}

/**
 * Bad data in an input file, whichever reader found it: the one message form and the one exit status (2) for
 * it. A text input names a line, a binary command log a byte offset:
 * {{{
 * mvt <command>: <file>: line N: field F (name): expected ..., found "..."
 * mvt <command>: <file>: byte offset N: ...
 * }}}
 * with `standard input` as the file for `-`. `mvt match` keeps the spec's `line N: <what is wrong>` as the first
 * words of a format error (shared/spec/matching.md) and names the command and file after it.
 */
enum BadInput {

  /** A line of a text input (commands file, quote feed or executions CSV, weights file). */
  case Line(line: Long, detail: String)

  /** A record or header field of a binary command log. */
  case Offset(offset: Long, detail: String)

  /** A problem of the input as a whole, with no one place to point at (no commands at all, a missing row). */
  case Whole(detail: String)

  /** The one line for a person: `command` as in `match`, `bench latency`; `path` as given (`-` for stdin). */
  def render(command: String, path: String): String = {
    val file = BadInput.where(path)
    // what a reader quotes from the input may hold characters a terminal would not show: escape them
    val v = mvt.core.FormatError.visible
    this match {
      case Line(n, detail) if command == "match" => s"line $n: ${v(detail)} (mvt match: $file)"
      case Line(n, detail) => s"mvt $command: $file: line $n: ${v(detail)}"
      case Offset(n, detail) => s"mvt $command: $file: byte offset $n: ${v(detail)}"
      case Whole(detail) => s"mvt $command: $file: ${v(detail)}"
    }
  }

  /** Bad data is status 2 (0 is success, 1 a usage or I/O error). */
  def status: ExitCode = Status.BadData

  /** Prints the message on stderr and gives the status. */
  def report(command: String, path: String, t: Terminal): IO[ExitCode] =
    IO(t.err.println(render(command, path))).as(status)
}

object BadInput {

  /** The file as messages name it. */
  def where(path: String): String = if (path == "-") "standard input" else path

  /** A reader's format error: its line and what is wrong there. */
  def apply(e: mvt.core.FormatError): BadInput = Line(e.line, e.detail)

  private val LinePrefix = "line ([0-9]+): (.*)".r

  /** A reader's own `line N: ...` text (the Markov weights file), or a message about the whole input. */
  def fromText(message: String): BadInput = message match {
    case LinePrefix(n, detail) => Line(n.toLong, detail)
    case other => Whole(other)
  }
}
