package mvt.bench.analytics

import java.util.concurrent.TimeUnit

import scala.compiletime.uninitialized

import mvt.analytics.{ArrayReturns, CforReturns}
import mvt.analytics.baseline.VectorReturns
import org.openjdk.jmh.annotations.*

/**
 * The scaling sweep: scales every column of a frame of `series` return series, `points` minutes each,
 * by its largest absolute value. One operation is the whole frame.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.MICROSECONDS)
class ScalingBenchmark {

  @Param(Array("60", "1440", "28800"))
  var points: Int = uninitialized

  @Param(Array("10", "100"))
  var series: Int = uninitialized

  private var vectorFrame: Vector[Vector[Double]] = uninitialized
  private var arrayFrame: Array[IArray[Double]] = uninitialized

  @Setup
  def setup(): Unit = {
    arrayFrame = Array.tabulate(series)(i => SyntheticSeries.returns(points, seed = i.toLong))
    vectorFrame = arrayFrame.toVector.map(VectorReturns.fromIArray)
  }

  @Benchmark
  def vector(): Vector[Vector[Double]] = vectorFrame.map(VectorReturns.scaled)

  @Benchmark
  def array(): Array[IArray[Double]] = arrayFrame.map(ArrayReturns.scaled)

  @Benchmark
  def cfor(): Array[IArray[Double]] = arrayFrame.map(CforReturns.scaled)
}
