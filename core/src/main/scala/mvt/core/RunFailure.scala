package mvt.core

/**
 * Why a run ended short, as its command reports it: the exit status (1 a usage or I/O error, 2 bad data) and one
 * line saying what is wrong, which the command prints after its own name.
 */
final case class RunFailure(status: Int, why: String)

object RunFailure {

  /** A usage or I/O error: status 1. */
  def io(why: String): RunFailure = RunFailure(1, why)

  /** Bad data in an input: status 2. */
  def badData(why: String): RunFailure = RunFailure(2, why)
}
