package mvt.backtest

import cats.effect.IO
import cats.effect.syntax.all.*

/**
 * Runs days with a strategy in the loop, `parallelism` at a time (`parTraverseN`): each day's engine, strategy and
 * state are built inside its own fiber and owned by it, so the results do not depend on the parallelism. Every
 * day runs even when one fails, so the outcome is the same set of days whatever the order of completion.
 */
object Backtest {

  /** The days that completed (in date order) and those that failed (in date order). */
  final case class Outcome(results: Vector[DayResult], failures: Vector[DayFailure]) {

    /** The first failing day by date, which fails the run. */
    def failure: Option[DayFailure] = failures.headOption
  }

  /** Runs `days` with `setup`; `done` is told each day's end (for a progress bar), from the day's fiber. */
  def run(
      days: Vector[DayFile],
      setup: DaySetup,
      parallelism: Int,
      done: Either[DayFailure, DayResult] => IO[Unit] = _ => IO.unit
  ): IO[Outcome] =
    days.parTraverseN(parallelism)(d => IO.blocking(DayRun(d, setup)).flatTap(done)).map(outcome)

  /** The outcome of per-day results in date order. */
  def outcome(results: Vector[Either[DayFailure, DayResult]]): Outcome =
    Outcome(results.collect { case Right(r) => r }, results.collect { case Left(f) => f })
}
