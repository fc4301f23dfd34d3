package mvt.backtest

import cats.effect.unsafe.implicits.global
import mvt.backtest.baseline.SleepingBacktest

import java.time.LocalDate
import scala.concurrent.Await
import scala.concurrent.ExecutionContext.Implicits.global as ec
import scala.concurrent.duration.*

class SleepingBacktestSuite extends munit.FunSuite {

  test("the old design counted calendar days; a real backtest counts weekdays") {
    // January 2026: 31 days, of which 22 weekdays; 24 months from 2026-01-05: 730 days, 522 weekdays
    val jan = LocalDate.of(2026, 1, 1)
    assertEquals(SleepingBacktest.calendarDays(jan, 1), 31)
    assertEquals(SleepingBacktest.tradingDays(jan, 1), 22)
    val start = LocalDate.of(2026, 1, 5)
    assertEquals(SleepingBacktest.calendarDays(start, 24), 730)
    assertEquals(SleepingBacktest.tradingDays(start, 24), 522)
  }

  test("every variant sums the same constant days") {
    val days = 65
    val want = SleepingBacktest.DayPnl * days
    assertEquals(SleepingBacktest.sequential(days, 0L), want)
    assertEquals(Await.result(SleepingBacktest.allForked(days, 0L)(using ec), 30.seconds), want)
    assertEquals(Await.result(SleepingBacktest.batched(days, 0L)(using ec), 30.seconds), want)
    assertEquals(SleepingBacktest.parTraverseBlocking(days, 0L, 4).unsafeRunSync(), want)
    assertEquals(SleepingBacktest.parTraverseSleep(days, 1L, 4).unsafeRunSync(), want)
  }
}
