package mvt.bench.effects

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import org.openjdk.jmh.annotations.*

import java.util.concurrent.{Executors, TimeUnit}
import scala.compiletime.uninitialized
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.concurrent.duration.Duration

/** `Future` against cats-effect `IO`: chains of `map` and `flatMap`, run to completion. */
@State(Scope.Thread)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class EffectsBench {
  @Param(Array("5", "10", "100")) var depth: Int = uninitialized

  private var pool: java.util.concurrent.ExecutorService = uninitialized
  private var ec: ExecutionContext = uninitialized

  @Setup def setup(): Unit = {
    pool = Executors.newFixedThreadPool(2)
    ec = ExecutionContext.fromExecutorService(pool)
  }

  @TearDown def tearDown(): Unit = pool.shutdown()

  @Benchmark def futureMap(): Int = {
    given ExecutionContext = ec
    var f = Future(0)
    var i = 0
    while (i < depth) { f = f.map(_ + 1); i += 1 }
    Await.result(f, Duration.Inf)
  }

  @Benchmark def futureFlatMap(): Int = {
    given ExecutionContext = ec
    var f = Future(0)
    var i = 0
    while (i < depth) { f = f.flatMap(x => Future(x + 1)); i += 1 }
    Await.result(f, Duration.Inf)
  }

  @Benchmark def ioMap(): Int = {
    var io = IO(0)
    var i = 0
    while (i < depth) { io = io.map(_ + 1); i += 1 }
    io.unsafeRunSync()
  }

  @Benchmark def ioFlatMap(): Int = {
    var io = IO(0)
    var i = 0
    while (i < depth) { io = io.flatMap(x => IO(x + 1)); i += 1 }
    io.unsafeRunSync()
  }
}
