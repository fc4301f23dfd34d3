package mvt.backtest

import mvt.workload.SourceError

/** Why a day could not be run: bad data in its file, a recorded id in the strategy's range, or an I/O error. */
enum DayProblem {
  case Source(error: SourceError)
  case Collision(id: Long)
  case Io(message: String)
}

/** A day that failed, named by its date and file. */
final case class DayFailure(day: DayFile, problem: DayProblem)
