package mvt.backtest

import mvt.workload.CommandSource

import java.nio.file.Files

/** Runs one recorded day with the strategy in the loop, from its file; blocking, on the calling thread. */
object DayRun {

  def apply(day: DayFile, setup: DaySetup): Either[DayFailure, DayResult] =
    try {
      val in = Files.newInputStream(day.path)
      try
        CommandSource.open(in) match {
          case Left(e) => Left(DayFailure(day, DayProblem.Source(e)))
          case Right(source) =>
            val loop = new ClosedLoopDay(setup.engine, setup.strategy.build(), setup.rules, setup.feePerShare)
            source.replayAll(loop) match {
              case Left(e) => Left(DayFailure(day, DayProblem.Source(e)))
              case Right(_) => Right(loop.finish(day.date))
            }
        }
      finally in.close()
    } catch {
      case IdCollision(id) => Left(DayFailure(day, DayProblem.Collision(id)))
      case e: java.io.IOException => Left(DayFailure(day, DayProblem.Io(String.valueOf(e.getMessage))))
    }
}
