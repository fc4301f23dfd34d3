package mvt.backtest

import cats.effect.IO
import cats.effect.syntax.all.*

/**
 * Runs days with a strategy in the loop, `parallelism` at a time (`parTraverseN`), the largest first: each day's
 * engine, strategy and state are built inside its own fiber and owned by it, so the results do not depend on the
 * parallelism. Every day runs even when one fails, so the outcome is the same set of days whatever the order of
 * completion.
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
    IO.blocking(largestFirst(days)).flatMap { order =>
      order.parTraverseN(parallelism)(i => IO.blocking(DayRun(days(i), setup)).flatTap(done).map(i -> _))
        .map(rs => outcome(rs.sortBy(_._1).map(_._2)))
    }

  /**
   * The indexes of `days`, largest file first (ties in date order): with days of unequal size the last ones to
   * start are small, so one worker is not left running a long day while the others wait. An unreadable file
   * counts as empty; its day then fails in its turn.
   */
  def largestFirst(days: Vector[DayFile]): Vector[Int] = {
    val sizes = days.map(d =>
      try java.nio.file.Files.size(d.path)
      catch { case _: java.io.IOException => 0L }
    )
    days.indices.toVector.sortBy(i => -sizes(i))
  }

  /** The outcome of per-day results in date order. */
  def outcome(results: Vector[Either[DayFailure, DayResult]]): Outcome =
    Outcome(results.collect { case Right(r) => r }, results.collect { case Left(f) => f })
}
