package mvt.bench.backtest

import cats.effect.unsafe.implicits.global
import mvt.backtest.baseline.SleepingBacktest
import org.openjdk.jmh.annotations.*

import java.time.LocalDate
import java.util.concurrent.{Executors, TimeUnit}
import scala.compiletime.uninitialized
import scala.concurrent.{Await, ExecutionContext}
import scala.concurrent.duration.Duration

/**
 * The old backtester's table: one backtest of `months` months of trading days (weekdays), each day a sleep of
 * `dayMillis`, run sequentially, all forked as Futures, forked in batches of 30, and with `parTraverseN(cores)` in
 * IO (the day blocking, as the old one did, and as `IO.sleep`). Futures run on a fixed pool of the core count, as
 * the old design's. Backtests per second is 1 / the time per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.SingleShotTime))
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
class SleepingBacktestBench {
  @Param(Array("1", "12", "24")) var months: Int = uninitialized
  @Param(Array("1", "10")) var dayMillis: Long = uninitialized

  private val cores = Runtime.getRuntime.availableProcessors
  private var days = 0
  private var pool: java.util.concurrent.ExecutorService = uninitialized
  private var ec: ExecutionContext = uninitialized

  @Setup def setup(): Unit = {
    days = SleepingBacktest.tradingDays(LocalDate.of(2026, 1, 5), months)
    pool = Executors.newFixedThreadPool(cores)
    ec = ExecutionContext.fromExecutorService(pool)
  }

  @TearDown def tearDown(): Unit = pool.shutdown()

  @Benchmark def sequential(): BigDecimal = SleepingBacktest.sequential(days, dayMillis)

  @Benchmark def futureAllForked(): BigDecimal =
    Await.result(SleepingBacktest.allForked(days, dayMillis)(using ec), Duration.Inf)

  @Benchmark def futureBatched30(): BigDecimal =
    Await.result(SleepingBacktest.batched(days, dayMillis)(using ec), Duration.Inf)

  @Benchmark def ioParTraverseBlocking(): BigDecimal =
    SleepingBacktest.parTraverseBlocking(days, dayMillis, cores).unsafeRunSync()

  @Benchmark def ioParTraverseSleep(): BigDecimal =
    SleepingBacktest.parTraverseSleep(days, dayMillis, cores).unsafeRunSync()
}
