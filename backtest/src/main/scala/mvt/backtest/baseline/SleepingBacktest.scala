package mvt.backtest
package baseline

import cats.effect.IO
import cats.effect.syntax.all.*

import java.time.{DayOfWeek, LocalDate}
import scala.concurrent.{ExecutionContext, Future}
import scala.concurrent.duration.*

/**
 * The firm's old backtester, kept to measure against: a simulated day is a sleep of `dayMillis` that returns a
 * constant PnL of 10, and a run sums its days. The three historical ways to run the days: one after another, all
 * forked at once as `Future`s, and forked in batches of 30 (the next batch starting when the last one is done);
 * beside them, the way this module runs real days: `parTraverseN` in `IO`. The old design counted every calendar
 * day; `tradingDays` counts weekdays, which a real backtest replays. Stateless.
 */
object SleepingBacktest {

  /** The constant PnL of a simulated day. */
  val DayPnl: BigDecimal = BigDecimal(10)

  /** The batch size of the batched variant. */
  val Batch = 30

  /** Calendar days in `months` months from `start`, as the old backtester counted them. */
  def calendarDays(start: LocalDate, months: Int): Int =
    (start.plusMonths(months.toLong).toEpochDay - start.toEpochDay).toInt

  /** Weekdays in `months` months from `start`: the trading days (holidays aside). */
  def tradingDays(start: LocalDate, months: Int): Int =
    Iterator.iterate(start)(_.plusDays(1)).takeWhile(_.isBefore(start.plusMonths(months.toLong)))
      .count(d => d.getDayOfWeek != DayOfWeek.SATURDAY && d.getDayOfWeek != DayOfWeek.SUNDAY)

  /** One simulated day: blocks its thread for `dayMillis`. */
  def day(dayMillis: Long): BigDecimal = { Thread.sleep(dayMillis); DayPnl }

  def sequential(days: Int, dayMillis: Long): BigDecimal =
    (0 until days).foldLeft(BigDecimal(0))((acc, _) => acc + day(dayMillis))

  def allForked(days: Int, dayMillis: Long)(using ExecutionContext): Future[BigDecimal] =
    Future.sequence((0 until days).map(_ => Future(day(dayMillis)))).map(_.sum)

  def batched(days: Int, dayMillis: Long)(using ExecutionContext): Future[BigDecimal] =
    (0 until days).grouped(Batch).foldLeft(Future.successful(BigDecimal(0))) { (acc, group) =>
      acc.flatMap(total => Future.sequence(group.map(_ => Future(day(dayMillis)))).map(total + _.sum))
    }

  /** The same blocking day in `IO`, `parallelism` at a time. */
  def parTraverseBlocking(days: Int, dayMillis: Long, parallelism: Int): IO[BigDecimal] =
    Vector.range(0, days).parTraverseN(parallelism)(_ => IO.blocking(day(dayMillis))).map(_.sum)

  /** The day as `IO.sleep`, which parks no thread, `parallelism` at a time. */
  def parTraverseSleep(days: Int, dayMillis: Long, parallelism: Int): IO[BigDecimal] =
    Vector.range(0, days).parTraverseN(parallelism)(_ => IO.sleep(dayMillis.millis).as(DayPnl)).map(_.sum)
}
