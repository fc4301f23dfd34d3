package mvt.core.console

import cats.effect.{ExitCode, IO}

/**
 * How every command's run ends, whatever it did: a failure it did not handle is one line and status 1, never a
 * stack trace, and standard output that could not be written is a failure too.
 */
object Ending {

  /**
   * Runs `program` (of the command `name`, `mvt match`) and ends any failure it raises with one line on `t.err`
   * and status 1: running out of memory (raised by [[Blocking]]) says so and how to give the JVM more heap; any
   * other failure is a bug, with the stack trace on request.
   */
  def guarded(name: String, t: Terminal)(program: IO[ExitCode]): IO[ExitCode] =
    program.handleErrorWith {
      case _: Blocking.OutOfMemory =>
        IO(t.err.println(s"$name: out of memory; give the JVM more heap, e.g. MVT_JAVA_OPTS=-Xmx8g"))
          .as(Status.Failure)
      case e => IO(unexpected(e, t)).as(Status.Failure)
    }

  /** A bug, not a user mistake: one line on `t.err`, the stack trace too when `MVT_DEBUG` is set. */
  def unexpected(e: Throwable, t: Terminal): Unit = {
    t.err.println(s"mvt: unexpected error: $e (set MVT_DEBUG=1 for the stack trace)")
    if (sys.env.contains("MVT_DEBUG")) e.printStackTrace(t.err)
  }

  /**
   * Runs `program` (of the command `name`); standard output that could not be written (a full disk, a closed
   * pipe) turns a success into status 1 with one line.
   */
  def checked(name: String, t: Terminal)(program: IO[ExitCode]): IO[ExitCode] =
    program.flatMap { code =>
      // a PrintStream swallows write errors; ask it
      IO { t.out.flush(); t.out.checkError() }.flatMap { failed =>
        if (failed && code == ExitCode.Success)
          IO(t.err.println(s"$name: cannot write standard output")).as(Status.Failure)
        else IO.pure(code)
      }
    }
}
