package mvt.core.console

import cats.effect.ExitCode

/** The exit statuses of every command: 0 success, 1 a usage or I/O error, 2 bad data in an input. */
object Status {

  /** A usage error or an I/O failure. */
  val Failure: ExitCode = ExitCode(1)

  /** Bad data in an input (see [[BadInput]]). */
  val BadData: ExitCode = ExitCode(2)
}
