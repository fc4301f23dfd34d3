package mvt.core.console

import cats.effect.ExitCode
import mvt.core.RunFailure

/** The exit statuses of every command: 0 success, 1 a usage or I/O error, 2 bad data in an input. */
object Status {

  /** A usage error or an I/O failure. */
  val Failure: ExitCode = ExitCode(1)

  /** Bad data in an input (see [[BadInput]]). */
  val BadData: ExitCode = ExitCode(2)

  /** The status of a run of `mvt <command>` that ended with `r`: a failure's line printed on `t.err` first. */
  def of(command: String, t: Terminal)(r: Either[RunFailure, Int]): ExitCode =
    r.fold(f => { t.err.println(s"mvt $command: ${f.why}"); ExitCode(f.status) }, ExitCode(_))

  /** [[of]] a run that gives no status of its own: 0 unless it failed. */
  def ended(command: String, t: Terminal)(r: Either[RunFailure, Unit]): ExitCode =
    of(command, t)(r.map(_ => 0))
}
