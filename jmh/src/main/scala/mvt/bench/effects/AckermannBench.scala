package mvt.bench.effects

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import org.openjdk.jmh.annotations.*

import java.util.concurrent.{Executors, TimeUnit}
import scala.compiletime.uninitialized
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.concurrent.duration.Duration

/**
 * The Ackermann function four ways: Futures hopping through a pool, IO suspending at every step, IO that
 * recurses directly and suspends every few hundred frames, and plain recursion (up to its stack limit).
 */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.MICROSECONDS)
class AckermannBench {
  @Param(Array("2:3", "3:3")) var mn: String = uninitialized

  private var m = 0
  private var n = 0
  private var pool: java.util.concurrent.ExecutorService = uninitialized
  private var ec: ExecutionContext = uninitialized

  @Setup def setup(): Unit = {
    val Array(a, b) = mn.split(":").map(_.toInt)
    m = a
    n = b
    pool = Executors.newFixedThreadPool(2)
    ec = ExecutionContext.fromExecutorService(pool)
  }

  @TearDown def tearDown(): Unit = pool.shutdown()

  @Benchmark def plain(): Int = Ackermann.plain(m, n)
  @Benchmark def future(): Int = Await.result(Ackermann.future(m, n)(using ec), Duration.Inf)
  @Benchmark def ioEveryStep(): Int = Ackermann.ioEveryStep(m, n).unsafeRunSync()
  @Benchmark def ioEveryFewHundred(): Int = Ackermann.ioBatched(m, n, 0).unsafeRunSync()
}

/** The four Ackermann implementations; each returns A(m, n). */
object Ackermann {
  def plain(m: Int, n: Int): Int =
    if (m == 0) n + 1
    else if (n == 0) plain(m - 1, 1)
    else plain(m - 1, plain(m, n - 1))

  def future(m: Int, n: Int)(using ExecutionContext): Future[Int] =
    if (m == 0) Future(n + 1)
    else if (n == 0) Future(()).flatMap(_ => future(m - 1, 1))
    else Future(()).flatMap(_ => future(m, n - 1)).flatMap(x => future(m - 1, x))

  def ioEveryStep(m: Int, n: Int): IO[Int] =
    if (m == 0) IO.pure(n + 1)
    else if (n == 0) IO.defer(ioEveryStep(m - 1, 1))
    else IO.defer(ioEveryStep(m, n - 1)).flatMap(x => ioEveryStep(m - 1, x))

  private val FramesPerSuspend = 256

  /** Recurses on the JVM stack and suspends into `IO` only every `FramesPerSuspend` frames, to stay stack-safe. */
  def ioBatched(m: Int, n: Int, depth: Int): IO[Int] =
    if (depth >= FramesPerSuspend) IO.defer(ioBatched(m, n, 0))
    else if (m == 0) IO.pure(n + 1)
    else if (n == 0) ioBatched(m - 1, 1, depth + 1)
    else ioBatched(m, n - 1, depth + 1).flatMap(x => ioBatched(m - 1, x, depth + 1))
}
