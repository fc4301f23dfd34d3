package mvt.reporting.auth

import cats.effect.{ExitCode, IO}
import mvt.core.console.{Status, Terminal}

import java.io.ByteArrayOutputStream
import java.nio.charset.StandardCharsets.UTF_8

/**
 * `mvt serve users|tokens` at a terminal: an outcome of [[UserAdmin]] printed with its status, and a password
 * read as one line from standard input, never from an argument.
 */
object UserConsole {

  /** The outcome's line on stdout (status 0), or its refusal on stderr (1 for usage, 2 for the data). */
  def report(t: Terminal, command: String, o: IO[UserAdmin.Outcome]): IO[ExitCode] =
    o.flatMap {
      case Right(line) => IO(t.out.println(line)).as(ExitCode.Success)
      case Left(r) =>
        IO(t.err.println(s"mvt serve $command: ${r.message}")).as(if (r.usage) Status.Failure
        else Status.BadData)
    }

  /** Runs `f` with the password read from standard input; nothing there is status 1. */
  def withPassword(t: Terminal, command: String)(f: String => IO[UserAdmin.Outcome]): IO[ExitCode] =
    passwordLine(t).flatMap {
      case None =>
        IO(t.err.println(
          s"mvt serve $command: expected the password as one line on standard input, found nothing"
        ))
          .as(Status.Failure)
      case Some(p) => report(t, command, f(p))
    }

  // one line, without its end; None when standard input holds nothing
  private def passwordLine(t: Terminal): IO[Option[String]] = IO.blocking {
    val buf = new ByteArrayOutputStream
    var c = t.in.read()
    while (c != -1 && c != '\n') { buf.write(c); c = t.in.read() }
    if (c == -1 && buf.size == 0) None
    else Some(new String(buf.toByteArray, UTF_8).stripSuffix("\r"))
  }
}
