package mvt.bench.backtest

import cats.effect.IO
import cats.effect.syntax.all.*
import cats.syntax.all.*
import mvt.backtest.{ClosedLoopDay, DayResult, DaySetup}
import mvt.core.EventSink
import mvt.orderbook.TradingDay
import mvt.workload.{AccountMix, CommandBatch, DayGenerator, DayPlan, WorkloadProfile}

import java.time.LocalDate

/**
 * `mvt bench backtest`: real days (generated, held in memory so no decoding is timed) run with a strategy in the
 * loop at each parallelism, as days/s and commands/s, beside the same days replayed by the engine alone (the
 * trading day with its quote feed, no strategy) in the same run. The first pass warms the JIT and is not timed.
 */
object BacktestBench {

  /** One measured configuration. */
  final case class Figure(label: String, parallelism: Int, days: Int, commands: Long, nanos: Long) {
    def daysPerSecond: Double = days * 1e9 / nanos
    def commandsPerSecond: Double = commands * 1e9 / nanos
  }

  /** `n` generated days of `commands` each, from 2026-03-02. */
  def days(n: Int, commands: Int, seed: Long): Vector[(LocalDate, CommandBatch)] =
    new DayGenerator(DayPlan(
      LocalDate.parse("2026-03-02"),
      n,
      commands,
      WorkloadProfile.normal,
      AccountMix(100),
      seed
    ))
      .map(d => d.date -> d.batch).toVector

  private def closedLoop(day: (LocalDate, CommandBatch), setup: DaySetup): DayResult = {
    val loop = new ClosedLoopDay(setup.engine, setup.strategy.build(), setup.rules, setup.feePerShare)
    day._2.replay(loop)
    loop.finish(day._1)
  }

  private def engineAlone(day: (LocalDate, CommandBatch), setup: DaySetup): Long = {
    var changes = 0L
    val quotes: mvt.core.QuoteSink = (_, _, _, _, _, _) => changes += 1
    day._2.replay(new TradingDay(setup.engine, EventSink.Ignore, None, Some(quotes)))
    changes
  }

  private def timed[A](io: IO[A]): IO[Long] =
    IO.monotonic.flatMap(t0 => io *> IO.monotonic.map(t1 => (t1 - t0).toNanos))

  /** The figures: the engine alone at parallelism 1, then the closed loop at each of `parallelisms`. */
  def run(
      days: Vector[(LocalDate, CommandBatch)],
      setup: DaySetup,
      parallelisms: List[Int]
  ): IO[Vector[Figure]] = {
    val commands = days.map(_._2.size.toLong).sum
    def loop(p: Int) = days.parTraverseN(p)(d => IO(closedLoop(d, setup)))
    for {
      _ <- loop(1) *> days.traverse(d => IO(engineAlone(d, setup)))
      alone <- timed(days.traverse(d => IO(engineAlone(d, setup))))
      loops <- parallelisms.traverse(p =>
        timed(loop(p)).map(ns => Figure("engine + strategy", p, days.size, commands, ns))
      )
    } yield Figure("engine alone", 1, days.size, commands, alone) +: loops.toVector
  }
}
